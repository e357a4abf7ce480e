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
      minTier: 0,
      rateLimit: { perMinute: 600 },
      workspace: config.workspace,
    });
  });

  it('passes the evaluator to tier 2 as configured, and the Shield accepts every key of it', () => {
    writeFileSync(
      path.join(home, 'config.yaml'),
      'shield:\n  evaluator:\n    base_url: http://127.0.0.1:9/v1\n    model: judge\n    api_key_env: JUDGE_KEY\n    requests_per_minute: 3\n',
    );
    const config = loadConfig({ home, env: { JUDGE_KEY: 'k' } });
    expect(shieldConfigFor(config).tier2).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'judge',
      apiKeyEnv: 'JUDGE_KEY',
      timeoutMs: 20_000,
      dailyBudget: 500,
      ratePerMinute: 3,
      fallback: 'ESCALATE',
    });
    const tier2 = createShield(shieldConfigFor(config)).status().tiers.find((status) => status.tier === '2');
    expect(tier2).toMatchObject({ available: true, detail: expect.stringContaining('model judge at http://127.0.0.1:9/v1') });
  });
});
