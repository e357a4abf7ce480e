// Original file: proto/parapet/v1/client.proto


export interface GetShieldStatsRequest {
  'bucket_seconds'?: (number);
}

export interface GetShieldStatsRequest__Output {
  'bucket_seconds': (number);
}
