// Original file: proto/parapet/v1/common.proto


export interface ToolGroup {
  'name'?: (string);
  'description'?: (string);
}

export interface ToolGroup__Output {
  'name': (string);
  'description': (string);
}
