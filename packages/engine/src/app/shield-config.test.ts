import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShield } from '@parapet/shield';
import { loadConfig } from '../config/index.js';
import { shieldConfigFor } from './shield-config.js';

let home: string;

beforeEach(() => {
  home = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-shield-config-')));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function readAction(id: string) {
  return { id, type: 'read_file', payload: { path: path.join(home, 'workspace', 'notes.txt') } };
}

describe('shieldConfigFor', () => {
  it('hands the configured rate limit to the Shield, which blocks past it', async () => {
    writeFileSync(path.join(home, 'config.yaml'), 'shield:\n  rate_limit_per_minute: 2\n');
    const config = loadConfig({ home, env: {} });
    const shield = createShield(shieldConfigFor(config));
    const context = { workspace: config.workspace };
    expect((await shield.evaluate(readAction('a1'), context)).decision).toBe('ALLOW');
    expect((await shield.evaluate(readAction('a2'), context)).decision).toBe('ALLOW');
    const third = await shield.evaluate(readAction('a3'), context);
    expect(third.decision).toBe('BLOCK');
    expect(third.ruleIds).toContain('shield.rate_limited');
  });

  it('keeps the policy, minimum tier and workspace of the engine config', () => {
    const config = loadConfig({ home, env: {} });
    expect(shieldConfigFor(config)).toEqual({
      policy: 'default',
      min_tier: 0,
      rate_limit: { per_minute: 600 },
      workspace: config.workspace,
    });
  });
});
