import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliAlone } from '../harness/cli-only.js';

/* `parapet config …` edits config.yaml the way a person would, through the engine's own schema. */

let home: string;
const cli = (...args: string[]) => runCliAlone(args, { PARAPET_HOME: home });

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'parapet-config-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('parapet config', () => {
  it('set refuses a value the schema rejects, leaves the file as it was, and keeps comments on a valid write', async () => {
    expect((await cli('init')).code).toBe(0);
    const configPath = join(home, 'config.yaml');
    const original = readFileSync(configPath, 'utf8');

    const refused = await cli('config', 'set', 'shield.min_tier', '9');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('parapet: refused: the change would make config.yaml invalid: shield.min_tier: expected 0, 1, 2 or 3\n');
    expect(readFileSync(configPath, 'utf8')).toBe(original);
    expect((await cli('config', 'set', 'llm.base_url', 'http://127.0.0.1:1/v1')).code).toBe(1);
    expect(readFileSync(configPath, 'utf8')).toBe(original);

    const set = await cli('config', 'set', 'shield.min_tier', '1', 'llm.base_url', 'http://127.0.0.1:11434/v1', 'llm.model', 'llama3.1');
    expect(set.code).toBe(0);
    const edited = readFileSync(configPath, 'utf8');
    const comments = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('#'));
    expect(comments(edited)).toEqual(comments(original));
    expect(edited).toContain('  # Lowest Shield tier allowed to ALLOW an action (0 policy, 1 heuristics, 2 LLM, 3 human).\n  min_tier: 1\n');
    expect(statSync(configPath).mode & 0o777).toBe(0o600);

    expect((await cli('config', 'get', 'shield.min_tier')).stdout).toBe('1\n');
    expect(JSON.parse((await cli('config', 'get', '--json', 'llm')).stdout)).toEqual({ base_url: 'http://127.0.0.1:11434/v1', model: 'llama3.1', timeout_ms: 60000, fallbacks: [], max_retries: 3 });
    // A default shows even when the file does not name the key.
    expect((await cli('config', 'get', 'llm.timeout_ms')).stdout).toBe('60000\n');

    expect((await cli('config', 'unset', 'llm')).code).toBe(0);
    expect(readFileSync(configPath, 'utf8')).not.toMatch(/^llm:/m);
    expect((await cli('config', 'path')).stdout).toBe(`${configPath}\n`);
  });

  it('validate reports every problem at once and exits 1; a broken file can be fixed key by key', async () => {
    writeFileSync(join(home, 'config.yaml'), '# mine\nshield:\n  min_tier: 7\n  bogus: 1\nlog:\n  level: loud\n');
    const result = await cli('config', 'validate');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        'parapet: config.yaml: shield.min_tier: expected 0, 1, 2 or 3',
        'parapet: config.yaml: shield.bogus: unknown key',
        'parapet: config.yaml: log.level: expected fatal, error, warn, info, debug, trace or silent',
        '',
      ].join('\n'),
    );
    expect((await cli('config', 'unset', 'shield.bogus')).code).toBe(0);
    expect((await cli('config', 'set', 'log.level', 'warn')).code).toBe(0);
    expect((await cli('config', 'set', 'shield.min_tier', '2')).code).toBe(0);
    const json = await cli('config', 'validate', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ path: join(home, 'config.yaml'), valid: true, problems: [] });
    expect(readFileSync(join(home, 'config.yaml'), 'utf8')).toBe('# mine\nshield:\n  min_tier: 2\nlog:\n  level: warn\n');
  });
});
