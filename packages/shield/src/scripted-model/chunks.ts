import type { ScriptedToolCall, UsageNumbers } from './types.js';

export interface CompletionIds {
  readonly id: string;
  readonly model: string;
  readonly created: number;
}

type Delta = Record<string, unknown>;

function chunk(ids: CompletionIds, delta: Delta, finishReason: string | null = null): object {
  return { id: ids.id, object: 'chat.completion.chunk', created: ids.created, model: ids.model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

/** Splits text the way providers stream it: a few characters per delta. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function argumentsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** The chat.completion.chunk objects of one streamed answer, in order (without `[DONE]`). */
export function streamChunks(
  ids: CompletionIds,
  answer: { text: string; toolCalls: ReadonlyArray<ScriptedToolCall & { id: string }>; finishReason: string; usage: UsageNumbers },
  includeUsage: boolean,
  chunkChars?: number,
): object[] {
  const out: object[] = [chunk(ids, { role: 'assistant', content: '' })];
  for (const piece of pieces(answer.text, chunkChars ?? 7)) out.push(chunk(ids, { content: piece }));
  answer.toolCalls.forEach((call, index) => {
    out.push(chunk(ids, { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    // Arguments arrive split in several deltas, like real providers send them.
    for (const piece of pieces(argumentsText(call), chunkChars ?? 5)) out.push(chunk(ids, { tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  out.push(chunk(ids, {}, answer.finishReason));
  if (includeUsage) out.push({ id: ids.id, object: 'chat.completion.chunk', created: ids.created, model: ids.model, choices: [], usage: answer.usage });
  return out;
}

/** The same answer as one non-streaming chat.completion. */
export function completionBody(
  ids: CompletionIds,
  answer: { text: string; toolCalls: ReadonlyArray<ScriptedToolCall & { id: string }>; finishReason: string; usage: UsageNumbers },
): object {
  const toolCalls = answer.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: argumentsText(call) } }));
  return {
    id: ids.id,
    object: 'chat.completion',
    created: ids.created,
    model: ids.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.text === '' && toolCalls.length > 0 ? null : answer.text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: answer.finishReason,
      },
    ],
    usage: answer.usage,
  };
}
