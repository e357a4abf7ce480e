import type { ServiceDefinition } from '@grpc/grpc-js';
import { invalidUtf8Fields } from './invalid-utf8.js';

/** SendMessageRequest's string fields by number (proto/parapet/v1/client.proto). */
const SEND_MESSAGE_FIELDS: Readonly<Record<number, string>> = { 1: 'session_id', 2: 'text', 3: 'channel' };

const flagged = new WeakMap<object, readonly string[]>();

/**
 * The service definition with a SendMessage decoder that also checks the raw bytes of its string
 * fields: the generated decoder would quietly turn invalid UTF-8 into U+FFFD and we would store
 * text the user never wrote. The request itself is decoded as before; the finding is looked up
 * with `invalidUtf8FieldsOf` when the request is validated.
 */
export function withUtf8Check(definition: ServiceDefinition): ServiceDefinition {
  const send = definition['SendMessage'];
  if (!send) throw new Error('withUtf8Check: the service has no SendMessage method');
  const decode = send.requestDeserialize;
  return {
    ...definition,
    SendMessage: {
      ...send,
      requestDeserialize: (bytes: Buffer): unknown => {
        const request = decode(bytes) as object;
        const bad = invalidUtf8Fields(bytes);
        if (bad.length > 0) flagged.set(request, bad.map((field) => SEND_MESSAGE_FIELDS[field] ?? `field ${field}`));
        return request;
      },
    },
  };
}

/** Names of the fields of `request` (as decoded by withUtf8Check) that were not valid UTF-8. */
export function invalidUtf8FieldsOf(request: object): readonly string[] {
  return flagged.get(request) ?? [];
}
