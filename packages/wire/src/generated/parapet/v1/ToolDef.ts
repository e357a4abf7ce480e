// Original file: proto/parapet/v1/common.proto


export interface ToolDef {
  'name'?: (string);
  'description'?: (string);
  'parameters_json_schema'?: (string);
  'group'?: (string);
}

export interface ToolDef__Output {
  'name': (string);
  'description': (string);
  'parameters_json_schema': (string);
  'group': (string);
}
