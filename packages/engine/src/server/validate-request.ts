import { DEFAULT_ECHO_BYTES, ParapetError, echoInput } from '@parapet/wire';
import { AUDIT_KINDS } from '../storage/types.js';
import type { AuditPageRequest, Channel, HistoryPageRequest, SendMessageInput, RawSendMessage } from '@parapet/wire/client';

/** Big enough for a pasted document, small enough that one message cannot swamp the model or the DB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024;

const CHANNELS: readonly Channel[] = ['cli', 'web', 'telegram'];
const SESSION_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const MAX_SESSION_LIST = 1000;
const DEFAULT_SESSION_LIST = 50;
const MAX_HISTORY_PAGE = 1000;
const MAX_PAGE_TOKEN_CHARS = 64;

function invalid(message: string): ParapetError {
  return new ParapetError('INVALID_ARGUMENT', message);
}

export function validateSessionId(sessionId: string): string {
  if (!SESSION_ID_PATTERN.test(sessionId)) {
    throw invalid('session id must be 1–64 letters, digits, "-" or "_"');
  }
  return sessionId;
}

/** Snapshot ids are ULIDs, like session ids: the same shape check. */
export function validateSnapshotId(snapshotId: string): string {
  if (!SESSION_ID_PATTERN.test(snapshotId)) throw invalid('snapshot id must be 1–64 letters, digits, "-" or "_"');
  return snapshotId;
}

/** Empty: the engine picks the turn (the last one traced). */
export function validateTurnId(turnId: string): string | undefined {
  if (turnId === '') return undefined;
  if (!SESSION_ID_PATTERN.test(turnId)) throw invalid('turn id must be 1–64 letters, digits, "-" or "_"');
  return turnId;
}

function isChannel(value: string): value is Channel {
  return (CHANNELS as readonly string[]).includes(value);
}

/**
 * A send request off the wire, as far as the wire can tell: its text was UTF-8 and its channel is
 * one the proto names. What the message itself may be is the API's to check (validateSendMessage).
 */
export function sendRequestFromWire(raw: RawSendMessage, maxEchoBytes: number = DEFAULT_ECHO_BYTES): SendMessageInput {
  const badUtf8 = raw.invalidUtf8Fields ?? [];
  if (badUtf8.length > 0) {
    throw invalid(`${badUtf8.join(', ')} is not valid UTF-8: send text encoded as UTF-8 (nothing was stored)`);
  }
  // Proto3 cannot tell "unset" from "": a client that names no channel is a gRPC client, i.e. the CLI.
  const channel = raw.channel === '' ? 'cli' : raw.channel;
  if (!isChannel(channel)) {
    throw invalid(`unknown channel ${echoInput(channel, maxEchoBytes)} (expected ${CHANNELS.join(', ')})`);
  }
  return raw.sessionId === '' ? { text: raw.text } : { sessionId: raw.sessionId, text: raw.text };
}

/** A message any client sends, checked once by the API before anything is stored. */
export function validateSendMessage(input: SendMessageInput, maxMessageBytes: number = DEFAULT_MAX_MESSAGE_BYTES): SendMessageInput {
  const bytes = Buffer.byteLength(input.text, 'utf8');
  if (bytes > maxMessageBytes) {
    throw new ParapetError('MESSAGE_TOO_LARGE', `message text is ${bytes} bytes; the limit is ${maxMessageBytes}`);
  }
  if (input.text.trim() === '') throw invalid('message text is empty');
  return input.sessionId === undefined ? { text: input.text } : { sessionId: validateSessionId(input.sessionId), text: input.text };
}

/** 0 (proto3's unset) means "the default"; anything else must be a sane positive page size. */
export function validateSessionLimit(limit: number): number {
  if (limit === 0) return DEFAULT_SESSION_LIST;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_SESSION_LIST) {
    throw invalid(`limit must be between 1 and ${MAX_SESSION_LIST}`);
  }
  return limit;
}

/** A history page request off the wire: proto3's 0 and '' mean "the default" and "the first page". */
export function validateHistoryPage(limit: number, pageToken: string): HistoryPageRequest {
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_HISTORY_PAGE) {
    throw invalid(`limit must be between 1 and ${MAX_HISTORY_PAGE} (0: the default)`);
  }
  if (pageToken.length > MAX_PAGE_TOKEN_CHARS) {
    throw invalid('page_token is not one this engine handed out (pass next_page_token back unchanged)');
  }
  return { ...(limit === 0 ? {} : { limit }), ...(pageToken === '' ? {} : { pageToken }) };
}

/** An audit page: limit 0 means 100; kind, when given, must be one the audit writes. */
export function validateAuditPage(request: { session_id: string; kind: string; limit: number; before_seq: number }): AuditPageRequest {
  if (request.kind !== '' && !(AUDIT_KINDS as readonly string[]).includes(request.kind)) {
    throw invalid(`unknown audit kind ${echoInput(request.kind, DEFAULT_ECHO_BYTES)} (expected one of ${AUDIT_KINDS.join(', ')})`);
  }
  if (!Number.isInteger(request.limit) || request.limit < 0 || request.limit > 1000) throw invalid('limit must be from 0 to 1000');
  if (!Number.isSafeInteger(request.before_seq) || request.before_seq < 0) throw invalid('before_seq must be 0 or a row number');
  return {
    ...(request.session_id !== '' ? { sessionId: validateSessionId(request.session_id) } : {}),
    ...(request.kind !== '' ? { kind: request.kind } : {}),
    ...(request.before_seq > 0 ? { beforeSeq: request.before_seq } : {}),
    limit: request.limit === 0 ? 100 : request.limit,
  };
}

/** Dashboard buckets: 0 means an hour; from a minute to a week. */
export function validateBucketSeconds(seconds: number): number {
  if (seconds === 0) return 3600;
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 7 * 86_400) throw invalid('bucket_seconds must be 0 or from 60 to 604800');
  return seconds;
}
