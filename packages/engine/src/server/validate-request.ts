import { ParapetError } from '@parapet/wire';
import type { Channel, SendMessageInput } from './client-api.js';
import type { RawSendMessage } from './convert.js';

/** Big enough for a pasted document, small enough that one message cannot swamp the model or the DB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024;

const CHANNELS: readonly Channel[] = ['cli', 'web', 'telegram'];
const SESSION_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const MAX_SESSION_LIST = 1000;
const DEFAULT_SESSION_LIST = 50;

function invalid(message: string): ParapetError {
  return new ParapetError('INVALID_ARGUMENT', message);
}

export function validateSessionId(sessionId: string): string {
  if (!SESSION_ID_PATTERN.test(sessionId)) {
    throw invalid('session id must be 1–64 letters, digits, "-" or "_"');
  }
  return sessionId;
}

function isChannel(value: string): value is Channel {
  return (CHANNELS as readonly string[]).includes(value);
}

export function validateSendMessage(raw: RawSendMessage, maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES): SendMessageInput {
  if (raw.text.trim() === '') throw invalid('message text is empty');
  const bytes = Buffer.byteLength(raw.text, 'utf8');
  if (bytes > maxMessageBytes) {
    throw invalid(`message text is ${bytes} bytes; the limit is ${maxMessageBytes}`);
  }
  // Proto3 cannot tell "unset" from "": a client that names no channel is a gRPC client, i.e. the CLI.
  const channel = raw.channel === '' ? 'cli' : raw.channel;
  if (!isChannel(channel)) throw invalid(`unknown channel "${channel}" (expected ${CHANNELS.join(', ')})`);
  const input = { text: raw.text, channel };
  return raw.sessionId === '' ? input : { ...input, sessionId: validateSessionId(raw.sessionId) };
}

/** 0 (proto3's unset) means "the default"; anything else must be a sane positive page size. */
export function validateSessionLimit(limit: number): number {
  if (limit === 0) return DEFAULT_SESSION_LIST;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_SESSION_LIST) {
    throw invalid(`limit must be between 1 and ${MAX_SESSION_LIST}`);
  }
  return limit;
}
