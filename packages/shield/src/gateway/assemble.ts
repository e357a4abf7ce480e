import { actionHash } from '../action-hash.js';
import type { ShieldConfig } from '../config/schema.js';
import { ShieldError } from '../errors.js';
import { canonicalPath } from '../paths.js';
import { noopLogger, systemClock, type ShieldPorts } from '../ports.js';
import { SlidingWindowLimiter } from '../sliding-window.js';
import type { ActionRequest, Shield, Tier, Verdict } from '../types.js';
import { isPromiseLike } from './fail-closed.js';
import { describeStatus } from './status.js';
import { TierRun, type ShieldParts, type TierWiring } from './tier-run.js';
import { makeVerdict, type VerdictStamp } from './verdicts.js';

export type { ShieldParts } from './tier-run.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hashOf(action: ActionRequest): string | undefined {
  if (typeof action?.type !== 'string' || action.type.trim() === '' || !isPlainObject(action.payload)) return undefined;
  try {
    return actionHash(action);
  } catch {
    return undefined;
  }
}

const refuse = (stamp: VerdictStamp, ruleId: string, reason: string): Verdict =>
  makeVerdict('BLOCK', 0, { confidence: 1, reason, ruleIds: [ruleId] }, stamp);

/**
 * Wires the Shield: rate limit, then the tiers (see TierRun). Each tier runs through
 * `guardTier`/`failClosed`, and the whole walk sits in a catch: evaluate never rejects.
 */
export function assembleShield(config: ShieldConfig, ports: ShieldPorts, parts: ShieldParts): Omit<Shield, 'warmUp'> {
  const clock = ports.clock ?? systemClock;
  const logger = ports.logger ?? noopLogger;
  const approver = ports.humanApprover;
  if (config.mode === 'human' && approver === undefined) {
    throw new ShieldError('CONFIG_INVALID', 'shield mode "human" needs a HumanApprover port');
  }
  const rateLimiter = config.rateLimit.enabled
    ? new SlidingWindowLimiter(config.rateLimit.perMinute, 60_000, clock)
    : undefined;
  const logTierError = (tier: Tier) => (error: unknown) =>
    logger.error({ tier, err: error instanceof Error ? error.message : String(error) }, 'shield tier failed; blocking');
  const wiring: TierWiring = {
    config,
    parts,
    tier1Options: {
      heuristics: parts.heuristics,
      classifier: ports.classifier,
      blockThreshold: config.tier1.blockThreshold,
      escalateThreshold: config.tier1.escalateThreshold,
      classifierRequiredFor: config.tier1.classifierRequiredFor,
    },
    approver,
    hourlyCap: new SlidingWindowLimiter(config.tier3.hourlyCap, 3_600_000, clock),
    clock,
    onTierError: [logTierError(0), logTierError(1), logTierError(2), logTierError(3)],
  };
  const workspaces = new Map<string, string>();
  const canonicalWorkspace = (raw: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    let canonical = workspaces.get(raw);
    if (canonical === undefined) {
      canonical = canonicalPath(raw, { home: config.home });
      if (workspaces.size > 64) workspaces.clear();
      workspaces.set(raw, canonical);
    }
    return canonical;
  };
  const failed = (stamp: VerdictStamp, error: unknown): Verdict => {
    wiring.onTierError[0]?.(error);
    return refuse(stamp, 'shield.tier_error', 'the shield failed while evaluating; blocked to stay safe');
  };

  return {
    evaluate(action, context = {}) {
      const startedUs = clock.monotonicUs();
      const hash = hashOf(action);
      const stamp: VerdictStamp = { actionHash: hash ?? '', startedUs, clock };
      if (hash === undefined) return Promise.resolve(refuse(stamp, 'shield.malformed_action', 'the action is malformed (needs a type and an object payload)'));
      if (rateLimiter !== undefined && !rateLimiter.tryTake()) {
        return Promise.resolve(refuse(stamp, 'shield.rate_limited', `more than ${config.rateLimit.perMinute} actions in a minute`));
      }
      try {
        const workspace = canonicalWorkspace(context.workspace ?? config.workspace);
        const where = {
          home: config.home,
          ...(workspace === undefined ? {} : { workspace }),
          ...(context.resolvedPaths === undefined ? {} : { resolved: context.resolvedPaths }),
        };
        const verdict = new TierRun(wiring, action, context, where, stamp).run();
        return isPromiseLike(verdict) ? Promise.resolve(verdict).catch((error: unknown) => failed(stamp, error)) : Promise.resolve(verdict);
      } catch (error) {
        return Promise.resolve(failed(stamp, error));
      }
    },
    status: () => describeStatus(config, ports, parts),
  };
}
