import { homedir } from 'node:os';
import { z } from 'zod';
import { canonicalActionType, type KnownActionType } from '../action-types.js';
import { ShieldError } from '../errors.js';
import { formatIssues, issueMessages } from '../schema-issues.js';
import { classifierThresholdsSchema } from '../tiers/classifier/thresholds.js';
import type { Tier } from '../types.js';

const tier = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const positiveInt = z.int().positive();

/** Actions whose payload is prose for another model: only the classifier can clear that text. */
export const DEFAULT_CLASSIFIER_REQUIRED_FOR = ['memory_write', 'create_agent', 'agent_message', 'create_schedule'] as const;

const knownActionType = z.string().refine((name) => canonicalActionType(name) !== undefined, {
  message: 'unknown action type',
});

/**
 * The Shield's options, as a host passes them (typed, camelCase), validated once by
 * `compileShieldConfig`. Strict: unknown keys are errors, so a typo never silently weakens the Shield.
 */
export const shieldOptionsSchema = z.strictObject({
  /** Built-in policy name (`default`, `permissive`, `strict`) or a policy file path. */
  policy: z.string().min(1).default('default'),
  /** Lowest tier allowed to ALLOW. Callers and policy rules may raise it per action, never lower it. */
  minTier: tier.default(1),
  /** `inject`: ESCALATE verdicts are returned to the caller. `human`: tier 3 asks the HumanApprover port. */
  mode: z.enum(['inject', 'human']).default('inject'),
  /** Home directory for `~` in paths and policies (default: the OS user's). */
  home: z.string().min(1).optional(),
  /** Default canonical workspace root when the evaluation context names none. */
  workspace: z.string().min(1).optional(),
  rateLimit: z
    .strictObject({ enabled: z.boolean().default(true), perMinute: positiveInt.default(600) })
    .prefault({}),
  /** Budget for tiers 0 and 1 (the classifier runs off the event loop and can stall). */
  tier1: z
    .strictObject({
      timeoutMs: positiveInt.default(5_000),
      /**
       * Injection probabilities: a payload text at or above `block` blocks; a payload or context
       * text at or above `escalate` escalates.
       */
      thresholds: classifierThresholdsSchema.prefault({}),
      classifierRequiredFor: z.array(knownActionType).default([...DEFAULT_CLASSIFIER_REQUIRED_FOR]),
    })
    .prefault({}),
  /**
   * The LLM evaluator; absent (and no EvaluatorModel port) = tier 2 unavailable, so what it
   * would judge escalates. `baseUrl` and `model` are needed unless the host passes the port.
   */
  tier2: z
    .strictObject({
      baseUrl: z.url().optional(),
      model: z.string().min(1).optional(),
      /** Name of the environment variable holding the API key (never the key itself). */
      apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/u).optional(),
      timeoutMs: positiveInt.default(20_000),
      ratePerMinute: positiveInt.default(20),
      dailyBudget: positiveInt.default(500),
      /** What applies when the rate limit or the daily budget is spent. */
      fallback: z.enum(['BLOCK', 'ESCALATE']).default('ESCALATE'),
    })
    .optional(),
  tier3: z
    .strictObject({ timeoutMs: positiveInt.default(300_000), hourlyCap: positiveInt.default(30) })
    .prefault({}),
});

export type ShieldOptions = z.input<typeof shieldOptionsSchema>;

export interface Tier2Config {
  readonly baseUrl: string | undefined;
  readonly model: string | undefined;
  readonly apiKeyEnv: string | undefined;
  readonly timeoutMs: number;
  readonly ratePerMinute: number;
  readonly dailyBudget: number;
  readonly fallback: 'BLOCK' | 'ESCALATE';
}

/** The compiled, typed configuration: built once, read everywhere. */
export interface ShieldConfig {
  readonly policy: string;
  readonly minTier: Tier;
  readonly mode: 'inject' | 'human';
  readonly home: string;
  readonly workspace: string | undefined;
  readonly rateLimit: { readonly enabled: boolean; readonly perMinute: number };
  readonly tier1: {
    readonly timeoutMs: number;
    readonly blockThreshold: number;
    readonly escalateThreshold: number;
    readonly classifierRequiredFor: ReadonlySet<KnownActionType>;
  };
  readonly tier2: Tier2Config | undefined;
  /** Tier-2 limits to use when the host passes an EvaluatorModel port but configures no `tier2`. */
  readonly tier2Defaults: () => Tier2Config;
  readonly tier3: { readonly timeoutMs: number; readonly hourlyCap: number };
}

/** Validates and compiles; throws ShieldError CONFIG_INVALID with one `key.path: problem` per issue. */
export function compileShieldConfig(options: ShieldOptions = {}): ShieldConfig {
  const parsed = shieldOptionsSchema.safeParse(options, { error: issueMessages });
  if (!parsed.success) {
    const details = formatIssues(parsed.error.issues);
    throw new ShieldError('CONFIG_INVALID', `invalid shield config: ${details.join('; ')}`, false, { details });
  }
  const c = parsed.data;
  return {
    policy: c.policy,
    minTier: c.minTier,
    mode: c.mode,
    home: c.home ?? homedir(),
    workspace: c.workspace,
    rateLimit: c.rateLimit,
    tier1: {
      timeoutMs: c.tier1.timeoutMs,
      blockThreshold: c.tier1.thresholds.block,
      escalateThreshold: c.tier1.thresholds.escalate,
      classifierRequiredFor: new Set(c.tier1.classifierRequiredFor.map((name) => canonicalActionType(name)).filter((t) => t !== undefined)),
    },
    tier2: c.tier2 === undefined ? undefined : { ...c.tier2, baseUrl: c.tier2.baseUrl, model: c.tier2.model, apiKeyEnv: c.tier2.apiKeyEnv },
    tier2Defaults: () => compileShieldConfig({ tier2: {} }).tier2 as Tier2Config,
    tier3: c.tier3,
  };
}
