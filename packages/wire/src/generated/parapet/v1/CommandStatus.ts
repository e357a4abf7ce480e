// Original file: proto/parapet/v1/client.proto


export interface CommandStatus {
  'layers'?: (string)[];
  'network'?: (boolean);
}

export interface CommandStatus__Output {
  'layers': (string)[];
  'network': (boolean);
}
