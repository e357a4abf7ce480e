import { ParapetError, isErrorCode, type ChatMessage, type ToolCall__Output, type ToolDef__Output, type Usage__Output } from '@parapet/wire';
import type { TurnChannel } from './turn-channel.js';

export interface RoundOutput {
  text: string;
  toolCalls: ToolCall__Output[];
  usage: Usage__Output | null;
}

/**
 * One model round, relayed by the engine: sends `llm_request`, forwards text deltas as `token_delta`
 * while accumulating them (unless `forwardText` is false: a request the user is not answered by),
 * collects tool calls, and ends at `finish`. An `error` part ends the turn.
 */
export async function streamLlmRound(
  channel: TurnChannel,
  messages: readonly ChatMessage[],
  tools: readonly ToolDef__Output[],
  options: { readonly forwardText?: boolean } = {},
): Promise<RoundOutput> {
  const forwardText = options.forwardText ?? true;
  const requestId = channel.openLlmRequest();
  channel.send({ llm_request: { turn_id: channel.turnId, request_id: requestId, messages: [...messages], tools: [...tools] } });
  let text = '';
  const toolCalls: ToolCall__Output[] = [];
  for (;;) {
    const directive = await channel.receive();
    const part = directive.llm_part;
    // Anything else is stale (an earlier request, a late tool result): it has no meaning here.
    if (!part || part.request_id !== requestId) continue;
    if (part.text_delta !== undefined && part.text_delta !== '') {
      text += part.text_delta;
      if (forwardText) channel.send({ token_delta: { turn_id: channel.turnId, text: part.text_delta } });
    } else if (part.tool_call) {
      toolCalls.push(part.tool_call);
    } else if (part.finish) {
      return { text, toolCalls, usage: part.finish.usage ?? null };
    } else if (part.error) {
      const code = isErrorCode(part.error.code) ? part.error.code : 'LLM_ERROR';
      throw new ParapetError(code, part.error.message || 'the model request failed', part.error.retryable);
    }
  }
}
