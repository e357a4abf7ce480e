export { MIN_QUEUE_LIMIT_BYTES, createBroadcaster, type Broadcaster, type BroadcasterOptions } from './broadcaster.js';
export { SEQ_RESERVATION_BLOCK, type SeqLedger } from './seq-ledger.js';
export type { Subscription } from './subscription.js';
export type { ApprovalView, EngineEvent, EventBody, EventEnvelope, EventType, TokenUsage } from '@parapet/wire/client';
export { createEventRecorder, type EventRecorder } from './event-recorder.js';
