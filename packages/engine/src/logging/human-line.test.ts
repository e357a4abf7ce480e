import { describe, expect, it } from 'vitest';
import { formatHumanLine } from './human-line.js';

describe('formatHumanLine', () => {
  const time = Date.UTC(2026, 0, 1, 12, 0, 1, 234);

  it('shows time, level, message and the fields, without the frame every record has', () => {
    const line = formatHumanLine({ level: 40, time, pid: 1, hostname: 'h', name: 'parapet-engine', msg: 'restarting the agent', delayMs: 500, reason: 'exit code 1' }, false);
    expect(line).toBe('12:00:01.234 WARN  restarting the agent delayMs=500 reason="exit code 1"');
  });

  it('keeps one record on one line, shows errors by message and colours the level on a terminal', () => {
    const line = formatHumanLine({ level: 50, time, msg: 'failed\nbadly', err: { message: 'boom', stack: 'at x' } }, true);
    expect(line).toBe('12:00:01.234 \u001b[31mERROR\u001b[0m failed badly err="boom"');
  });

  it('shows control characters from logged text escaped, so they cannot drive the terminal', () => {
    const line = formatHumanLine({ level: 30, time, msg: 'agent output\u001b[2J', line: '\u001b]0;owned\u0007' }, false);
    expect(line).not.toMatch(/\p{Cc}/u);
    expect(line).toBe('12:00:01.234 INFO  agent output\\u001b[2J line="\\u001b]0;owned\\u0007"');
  });
});
