// Original file: proto/parapet/v1/client.proto


export interface VerdictCount {
  'bucket_start'?: (string);
  'tier'?: (number);
  'decision'?: (string);
  'count'?: (number);
}

export interface VerdictCount__Output {
  'bucket_start': (string);
  'tier': (number);
  'decision': (string);
  'count': (number);
}
