// Original file: proto/parapet/v1/client.proto


export interface TurnQueued {
  'turns_ahead'?: (number);
}

export interface TurnQueued__Output {
  'turns_ahead': (number);
}
