// Original file: proto/parapet/v1/client.proto


export interface TurnQueued {
  'turns_ahead'?: (number);
  'daemon_at_capacity'?: (boolean);
}

export interface TurnQueued__Output {
  'turns_ahead': (number);
  'daemon_at_capacity': (boolean);
}
