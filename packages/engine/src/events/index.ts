export { createBroadcaster, type Broadcaster, type BroadcasterOptions } from './broadcaster.js';
export type { Subscription } from './subscription.js';
export type { EngineEvent, EventBody, EventEnvelope, EventType, TokenUsage } from './types.js';
