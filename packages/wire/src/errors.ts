import { Metadata, status as GrpcStatus, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { ParapetError } from './parapet-error.js';

/** Stable machine codes: what crosses the wire and what scripts match on. */
export const ErrorCodes = {
  AGENT_UNAUTHENTICATED: GrpcStatus.UNAUTHENTICATED,
  CLIENT_UNAUTHENTICATED: GrpcStatus.UNAUTHENTICATED,
  AGENT_UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  AGENT_CRASHED: GrpcStatus.UNAVAILABLE,
  AGENT_PROTOCOL: GrpcStatus.FAILED_PRECONDITION,
  SANDBOX_UNSAFE: GrpcStatus.FAILED_PRECONDITION,
  ENGINE_UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  SHIELD_BLOCKED: GrpcStatus.PERMISSION_DENIED,
  SHIELD_ESCALATED: GrpcStatus.PERMISSION_DENIED,
  APPROVAL_TIMEOUT: GrpcStatus.DEADLINE_EXCEEDED,
  APPROVAL_DENIED: GrpcStatus.PERMISSION_DENIED,
  APPROVAL_NOT_FOUND: GrpcStatus.NOT_FOUND,
  APPROVAL_CLOSED: GrpcStatus.FAILED_PRECONDITION,
  HASH_MISMATCH: GrpcStatus.ABORTED,
  PATH_OUTSIDE_WORKSPACE: GrpcStatus.PERMISSION_DENIED,
  PATH_PROTECTED: GrpcStatus.PERMISSION_DENIED,
  NETWORK_ADDRESS_REFUSED: GrpcStatus.PERMISSION_DENIED,
  TOOL_UNKNOWN: GrpcStatus.INVALID_ARGUMENT,
  TOOL_NOT_LOADED: GrpcStatus.FAILED_PRECONDITION,
  TOOL_ARGUMENTS_INVALID: GrpcStatus.INVALID_ARGUMENT,
  EXECUTION_FAILED: GrpcStatus.INTERNAL,
  EXECUTION_TIMEOUT: GrpcStatus.DEADLINE_EXCEEDED,
  LLM_UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  LLM_ERROR: GrpcStatus.INTERNAL,
  LLM_CONTEXT_LENGTH: GrpcStatus.RESOURCE_EXHAUSTED,
  MAX_ROUNDS: GrpcStatus.RESOURCE_EXHAUSTED,
  TOOL_CALL_LIMIT: GrpcStatus.RESOURCE_EXHAUSTED,
  TURN_CANCELLED: GrpcStatus.CANCELLED,
  INVALID_ARGUMENT: GrpcStatus.INVALID_ARGUMENT,
  MESSAGE_TOO_LARGE: GrpcStatus.RESOURCE_EXHAUSTED,
  INPUT_TOO_LONG: GrpcStatus.INVALID_ARGUMENT,
  PII_BLOCKED: GrpcStatus.INVALID_ARGUMENT,
  SUBSCRIBER_DROPPED: GrpcStatus.RESOURCE_EXHAUSTED,
  SESSION_NOT_FOUND: GrpcStatus.NOT_FOUND,
  SESSION_BUSY: GrpcStatus.FAILED_PRECONDITION,
  POLICY_GRANT_NOT_FOUND: GrpcStatus.NOT_FOUND,
  CONFIG_INVALID: GrpcStatus.INVALID_ARGUMENT,
  POLICY_INVALID: GrpcStatus.INVALID_ARGUMENT,
  MODEL_INTEGRITY: GrpcStatus.DATA_LOSS,
  HOME_LOCKED: GrpcStatus.FAILED_PRECONDITION,
  HOME_UNUSABLE: GrpcStatus.FAILED_PRECONDITION,
  AUDIT_BROKEN: GrpcStatus.DATA_LOSS,
  WEB_DISABLED: GrpcStatus.FAILED_PRECONDITION,
  WEB_LOGIN_INVALID: GrpcStatus.UNAUTHENTICATED,
  WEB_LOGIN_RATE_LIMITED: GrpcStatus.RESOURCE_EXHAUSTED,
  WEB_FORBIDDEN_ORIGIN: GrpcStatus.PERMISSION_DENIED,
  SNAPSHOT_FAILED: GrpcStatus.INTERNAL,
  SNAPSHOT_NOT_FOUND: GrpcStatus.NOT_FOUND,
  TRACE_NOT_FOUND: GrpcStatus.NOT_FOUND,
  IFC_SECRET_FLOW: GrpcStatus.PERMISSION_DENIED,
  IFC_EXTERNAL_FLOW: GrpcStatus.PERMISSION_DENIED,
  SUBAGENT_LIMIT: GrpcStatus.RESOURCE_EXHAUSTED,
  INTERNAL: GrpcStatus.INTERNAL,
} as const satisfies Record<string, GrpcStatus>;

export type ErrorCode = keyof typeof ErrorCodes;

const CODE_METADATA_KEY = 'parapet-code';
const RETRYABLE_METADATA_KEY = 'parapet-retryable';

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ErrorCodes, value);
}

/** The gRPC status a ParapetError crosses the wire as: code in metadata, message in details. */
export function toGrpcStatus(error: unknown): Partial<StatusObject> {
  const parapet =
    error instanceof ParapetError ? error : new ParapetError('INTERNAL', 'internal error (see engine log)');
  const metadata = new Metadata();
  metadata.set(CODE_METADATA_KEY, parapet.code);
  metadata.set(RETRYABLE_METADATA_KEY, String(parapet.retryable));
  return { code: ErrorCodes[parapet.code], details: parapet.message, metadata };
}

/** Reads a gRPC error back into a ParapetError (unknown codes become INTERNAL / transport codes). */
export function fromGrpcError(error: unknown): ParapetError {
  if (error instanceof ParapetError) return error;
  const service = error as Partial<ServiceError>;
  const raw = service.metadata?.get(CODE_METADATA_KEY)[0];
  const code = typeof raw === 'string' && isErrorCode(raw) ? raw : undefined;
  const retryable = service.metadata?.get(RETRYABLE_METADATA_KEY)[0] === 'true';
  const details = typeof service.details === 'string' && service.details !== '' ? service.details : String(service.message ?? error);
  if (code) return new ParapetError(code, details, retryable);
  if (service.code === GrpcStatus.UNAVAILABLE) {
    return new ParapetError('ENGINE_UNAVAILABLE', 'cannot reach the engine: is `parapet start` running?', true);
  }
  if (service.code === GrpcStatus.UNAUTHENTICATED) return new ParapetError('CLIENT_UNAUTHENTICATED', details);
  return new ParapetError('INTERNAL', details);
}
