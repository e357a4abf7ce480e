export { RelayRequestError, toOpenAiMessages, toOpenAiTools } from './convert.js';
export { createLlmRelay, type LlmRelayOptions } from './relay.js';
export { toWireLlmPart, wireModelRelay } from './to-wire.js';
export type { LlmRelay, RelayPart, RelayRequest } from './types.js';
