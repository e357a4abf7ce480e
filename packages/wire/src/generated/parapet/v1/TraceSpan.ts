// Original file: proto/parapet/v1/client.proto


export interface TraceSpan {
  'span_id'?: (number);
  'parent_id'?: (number);
  'name'?: (string);
  'started_at_ms'?: (number | string);
  'duration_ms'?: (number | string);
  'attributes_json'?: (string);
}

export interface TraceSpan__Output {
  'span_id': (number);
  'parent_id': (number);
  'name': (string);
  'started_at_ms': (number);
  'duration_ms': (number);
  'attributes_json': (string);
}
