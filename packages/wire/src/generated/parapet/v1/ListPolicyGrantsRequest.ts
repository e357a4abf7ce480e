// Original file: proto/parapet/v1/client.proto


export interface ListPolicyGrantsRequest {
}

export interface ListPolicyGrantsRequest__Output {
}
