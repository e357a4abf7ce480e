import type { Usage__Output } from '@parapet/wire';

export function emptyUsage(): Usage__Output {
  return { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
}

export function addUsage(total: Usage__Output, part: Usage__Output | null | undefined): Usage__Output {
  if (!part) return total;
  return {
    prompt_tokens: total.prompt_tokens + part.prompt_tokens,
    completion_tokens: total.completion_tokens + part.completion_tokens,
    total_tokens: total.total_tokens + part.total_tokens,
  };
}
