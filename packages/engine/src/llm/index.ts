export { createCircuitBreaker, DEFAULT_BREAKER, type BreakerState, type CircuitBreaker } from './circuit-breaker.js';
export { RelayRequestError, toOpenAiMessages, toOpenAiTools } from './convert.js';
export { createFailoverRelay, type FailoverRelay, type ModelRoute, type ModelRouteSnapshot } from './failover-relay.js';
export { createLlmRelay, type LlmRelayOptions } from './relay.js';
export { toWireLlmPart, wireModelRelay } from './to-wire.js';
export type { LlmRelay, RelayNotice, RelayPart, RelayRequest } from './types.js';
