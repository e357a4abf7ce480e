import type { ChatMessage } from '@parapet/wire';
import type { Redactor } from '../redact/redactor.js';

/**
 * The conversation as the provider may see it: every message's text and every tool call's
 * arguments redacted (arguments as JSON values, so they stay valid JSON).
 */
export function redactMessages(messages: readonly ChatMessage[], redactor: Redactor): ChatMessage[] {
  return messages.map((message) => ({
    ...message,
    ...(message.content !== undefined ? { content: redactor.redact(message.content) } : {}),
    ...(message.tool_calls ? { tool_calls: message.tool_calls.map((call) => ({ ...call, arguments_json: redactArguments(call.arguments_json, redactor) })) } : {}),
  }));
}

function redactArguments(json: string | undefined, redactor: Redactor): string {
  if (json === undefined) return '';
  // Unchanged arguments are sent byte for byte as the model wrote them.
  const redacted = redactor.redact(json);
  if (redacted === json) return json;
  try {
    return JSON.stringify(redactor.redactValue(JSON.parse(json) as unknown));
  } catch {
    return redacted;
  }
}
