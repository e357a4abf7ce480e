import { describe, expect, it } from 'vitest';
import { ShieldError } from '../errors.js';
import { compileShieldConfig, type ShieldOptions } from './schema.js';

const errorsOf = (input: unknown): readonly string[] => {
  try {
    // As a JavaScript host (or a cast) could pass them: the schema, not the type, is the check.
    compileShieldConfig(input as ShieldOptions);
  } catch (error) {
    if (error instanceof ShieldError && error.code === 'CONFIG_INVALID') return error.details;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
};

describe('shield config', () => {
  it('fills defaults: default policy, minTier 1, inject mode, rate limit on, no tier 2', () => {
    const config = compileShieldConfig({});
    expect(config).toMatchObject({
      policy: 'default',
      minTier: 1,
      mode: 'inject',
      rateLimit: { enabled: true, perMinute: 600 },
      tier1: { blockThreshold: 0.9, escalateThreshold: 0.5 },
      tier2: undefined,
      tier3: { timeoutMs: 300_000, hourlyCap: 30 },
    });
    expect([...config.tier1.classifierRequiredFor]).toContain('memory_write');
  });

  it('compiles tier 2 settings with their defaults', () => {
    const config = compileShieldConfig({ tier2: { baseUrl: 'http://127.0.0.1:8080/v1', model: 'm', apiKeyEnv: 'EVAL_KEY' } });
    expect(config.tier2).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'm',
      apiKeyEnv: 'EVAL_KEY',
      timeoutMs: 20_000,
      ratePerMinute: 20,
      dailyBudget: 500,
      fallback: 'ESCALATE',
    });
  });

  it('rejects unknown keys and bad values with their key paths', () => {
    expect(errorsOf({ minTeir: 2 })).toEqual(['minTeir: unknown key']);
    expect(errorsOf({ tier2: { baseUrl: 'not a url', fallback: 'ALLOW' } })).toEqual([
      'tier2.baseUrl: Invalid URL',
      'tier2.fallback: expected one of "BLOCK", "ESCALATE"',
    ]);
    expect(errorsOf({ minTier: 4 })[0]).toMatch(/^minTier: /);
    expect(errorsOf({ tier1: { thresholds: { block: 0.4, escalate: 0.6 } } })).toEqual([
      'tier1.thresholds.escalate: escalate must not be greater than block',
    ]);
    expect(errorsOf({ tier1: { thresholds: { block: 2 } } })).toEqual(['tier1.thresholds.block: expected a number between 0 and 1']);
    expect(errorsOf({ tier1: { classifierRequiredFor: ['launch'] } })).toEqual(['tier1.classifierRequiredFor.0: unknown action type']);
  });
});
