// Original file: proto/parapet/v1/agent.proto


export interface WorkspaceFile {
  'name'?: (string);
  'content'?: (string);
}

export interface WorkspaceFile__Output {
  'name': (string);
  'content': (string);
}
