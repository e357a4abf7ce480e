import { actionHash } from '@parapet/shield';
import { pathState } from './fingerprint.js';
import { resolveRequested } from './stage-enrich.js';
import { halt, proceed, type Stage } from './types.js';

/**
 * Time-of-check/time-of-use guard: the action about to run is byte-for-byte the one the Shield
 * judged, each path still resolves to the same place, and each target (and each script the
 * command runs, whose text the Shield read) is unchanged since enrich.
 */
export const verifyStage: Stage = (context, deps) => {
  const { action, verdict, targets } = context;
  if (!action || !verdict || !targets || !context.actionHash) return halt('verify', 'INTERNAL', 'verify stage ran before shield');
  const recomputed = actionHash(action);
  if (recomputed !== context.actionHash || recomputed !== verdict.actionHash) {
    return halt('verify', 'HASH_MISMATCH', 'the action differs from the one the Shield evaluated: refused');
  }
  const checked = context.scripts === undefined ? targets : [...targets, ...context.scripts.map((script) => script.target)];
  for (const target of checked) {
    let now;
    try {
      if (resolveRequested(deps.workspace, target.requested) !== target.path) {
        return halt('verify', 'HASH_MISMATCH', `${target.requested} now resolves somewhere else than when it was checked: refused`);
      }
      now = pathState(target.path);
    } catch {
      return halt('verify', 'HASH_MISMATCH', `${target.requested} can no longer be checked: refused`);
    }
    if (now.fingerprint !== target.fingerprint) {
      return halt('verify', 'HASH_MISMATCH', `${target.requested} changed between the Shield's check and execution: refused`);
    }
  }
  return proceed(context);
};
