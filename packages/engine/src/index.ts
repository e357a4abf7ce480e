export type { EngineEvent, EventBody, EventEnvelope, EventType, TokenUsage } from './events/types.js';
