// Original file: proto/parapet/v1/client.proto


export interface GetStatusRequest {
}

export interface GetStatusRequest__Output {
}
