export { createEgressProxy, type EgressProxy, type EgressProxyOptions } from './egress-proxy.js';
export { shieldEgressJudge } from './shield-judge.js';
export type { EgressAudit, EgressJudge, EgressJudgement, EgressRecord } from './types.js';
