// Original file: proto/parapet/v1/client.proto


export interface VerifyAuditRequest {
}

export interface VerifyAuditRequest__Output {
}
