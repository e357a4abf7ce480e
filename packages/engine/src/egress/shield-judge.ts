import { randomUUID } from 'node:crypto';
import type { Shield } from '@parapet/shield';
import type { EgressJudge } from './types.js';

/**
 * The Shield judges a command's connection as an `http_request` to the same URL. Only ALLOW lets
 * it through: an escalation cannot be put to a human from inside a running command, so it refuses.
 */
export function shieldEgressJudge(shield: Shield, workspace: string): EgressJudge {
  return async (url, method) => {
    const verdict = await shield.evaluate({ id: randomUUID(), type: 'http_request', payload: { url: url.href, method } }, { workspace });
    if (verdict.decision === 'ALLOW') return { allowed: true };
    const rule = verdict.ruleIds.join(', ') || `shield tier ${verdict.tier}`;
    const why = verdict.decision === 'ESCALATE' ? 'the Shield would ask a human, which a running command cannot wait for' : 'blocked by the Shield';
    return { allowed: false, rule, reason: `${why}: ${verdict.reason}` };
  };
}
