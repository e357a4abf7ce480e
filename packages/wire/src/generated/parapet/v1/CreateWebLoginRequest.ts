// Original file: proto/parapet/v1/client.proto


export interface CreateWebLoginRequest {
}

export interface CreateWebLoginRequest__Output {
}
