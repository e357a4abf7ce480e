import type { GetTraceResponse, GetTraceResponse__Output } from '../index.js';
import type { TraceSpanView, TurnTraceView } from './trace-api.js';

export function traceToProto(trace: TurnTraceView): GetTraceResponse {
  return {
    turn_id: trace.turnId,
    spans: trace.spans.map((span) => ({
      span_id: span.spanId,
      parent_id: span.parentId,
      name: span.name,
      started_at_ms: span.startedAtMs,
      duration_ms: span.durationMs,
      attributes_json: JSON.stringify(span.attributes),
    })),
  };
}

function attributesFrom(json: string): TraceSpanView['attributes'] {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as TraceSpanView['attributes']) : {};
  } catch {
    return {};
  }
}

export function traceFromProto(response: GetTraceResponse__Output): TurnTraceView {
  return {
    turnId: response.turn_id,
    spans: response.spans.map((span) => ({
      spanId: span.span_id,
      parentId: span.parent_id,
      name: span.name,
      startedAtMs: span.started_at_ms,
      durationMs: span.duration_ms,
      attributes: attributesFrom(span.attributes_json),
    })),
  };
}
