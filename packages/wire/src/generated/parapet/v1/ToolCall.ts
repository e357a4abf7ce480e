// Original file: proto/parapet/v1/common.proto


export interface ToolCall {
  'id'?: (string);
  'name'?: (string);
  'arguments_json'?: (string);
}

export interface ToolCall__Output {
  'id': (string);
  'name': (string);
  'arguments_json': (string);
}
