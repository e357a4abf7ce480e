// Original file: proto/parapet/v1/client.proto


export interface SnapshotChanges {
  'added'?: (string)[];
  'modified'?: (string)[];
  'deleted'?: (string)[];
}

export interface SnapshotChanges__Output {
  'added': (string)[];
  'modified': (string)[];
  'deleted': (string)[];
}
