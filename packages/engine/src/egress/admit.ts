import { ParapetError } from '@parapet/wire';
import { checkTarget } from '../http/check-target.js';
import type { CheckedTarget, HostResolver, HttpSettings } from '../http/types.js';
import type { EgressJudge } from './types.js';

export type Admission = { readonly ok: true; readonly target: CheckedTarget } | { readonly ok: false; readonly rule: string; readonly reason: string };

export interface AdmissionRules {
  readonly http: HttpSettings;
  readonly resolve: HostResolver;
  readonly judge: EgressJudge;
}

/**
 * Whether a command may reach `url`: first the same address guard as `http_request` (resolve once,
 * refuse loopback, private, link-local, metadata and multicast unless the user named the host),
 * then the Shield's judgement of an `http_request` there. Any error refuses.
 */
export async function admit(url: URL, method: string, rules: AdmissionRules): Promise<Admission> {
  let target: CheckedTarget;
  try {
    target = await checkTarget(url, rules.http, rules.resolve);
  } catch (error) {
    const rule = error instanceof ParapetError ? error.code : 'NETWORK_ADDRESS_REFUSED';
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, rule, reason: text.replace(/^http_request: /u, '') };
  }
  try {
    const judgement = await rules.judge(url, method);
    if (!judgement.allowed) return { ok: false, rule: judgement.rule, reason: judgement.reason };
  } catch {
    return { ok: false, rule: 'engine.shield-error', reason: 'the Shield failed to judge this host (fail-closed)' };
  }
  return { ok: true, target };
}
