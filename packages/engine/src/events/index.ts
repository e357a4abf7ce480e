export { MIN_QUEUE_LIMIT_BYTES, createBroadcaster, type Broadcaster, type BroadcasterOptions } from './broadcaster.js';
export { SEQ_RESERVATION_BLOCK, type SeqLedger } from './seq-ledger.js';
export type { Subscription } from './subscription.js';
export { createEventRecorder, type EventRecorder } from './event-recorder.js';
