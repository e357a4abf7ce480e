// Original file: proto/parapet/v1/agent.proto


export interface HistoryCompacted {
  'turn_id'?: (string);
  'summary'?: (string);
  'covered'?: (number);
}

export interface HistoryCompacted__Output {
  'turn_id': (string);
  'summary': (string);
  'covered': (number);
}
