import { ParapetError, type ToolDef__Output } from '@parapet/wire';
import type { Conversation } from '../history/conversation.js';
import { streamLlmRound, type RoundOutput } from './llm-round.js';
import type { TurnChannel } from './turn-channel.js';

/**
 * One model round; when the provider says the request is longer than its window, the whole history
 * is folded into the summary and the round is tried once more (once per turn).
 */
export async function roundWithContextRetry(
  channel: TurnChannel,
  conversation: Conversation,
  tools: readonly ToolDef__Output[],
): Promise<RoundOutput> {
  try {
    return await streamLlmRound(channel, conversation.messages(), tools);
  } catch (error) {
    if (!(error instanceof ParapetError) || error.code !== 'LLM_CONTEXT_LENGTH') throw error;
    if (!conversation.claimContextLengthRetry()) throw error;
    if (!(await conversation.compact(channel, conversation.historyLength))) throw error;
    return streamLlmRound(channel, conversation.messages(), tools);
  }
}
