import type { Usage__Output } from '../index.js';
import type { TokenUsage } from './events.js';

/** Token counts as the wire and OpenAI-compatible providers spell them. */
type SnakeCaseUsage = Pick<Usage__Output, 'prompt_tokens' | 'completion_tokens' | 'total_tokens'>;

/** Snake-case counts (wire or provider) to the engine's own; none reported is zero. */
export function usageFromSnakeCase(usage: SnakeCaseUsage | null | undefined): TokenUsage {
  return {
    promptTokens: usage?.prompt_tokens ?? 0,
    completionTokens: usage?.completion_tokens ?? 0,
    totalTokens: usage?.total_tokens ?? 0,
  };
}

/** The engine's counts as the wire spells them. */
export function usageToSnakeCase(usage: TokenUsage): Usage__Output {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}
