// Original file: proto/parapet/v1/client.proto


export interface HistoryCompactedEvent {
  'folded_messages'?: (number);
}

export interface HistoryCompactedEvent__Output {
  'folded_messages': (number);
}
