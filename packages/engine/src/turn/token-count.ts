import type { HistoryEntry } from './ports.js';
import type { TokenizerChoice } from '../config/types.js';

export type CountTokens = (text: string) => number;

/** Tokens a chat API adds around each message (role, separators). */
const PER_MESSAGE_OVERHEAD = 4;
const CHARS_PER_TOKEN = 4;

/** About four characters a token: for models whose tokenizer we do not ship. */
export const estimateTokens: CountTokens = (text) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** `auto`: the BPE an OpenAI model of that name uses; an estimate for every other model. */
export function resolveTokenizer(choice: TokenizerChoice, model: string): Exclude<TokenizerChoice, 'auto'> {
  if (choice !== 'auto') return choice;
  const name = model.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o)/.test(name)) return 'o200k';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k';
  return 'estimate';
}

/**
 * A counter for the tokenizer. The encodings ship inside the `gpt-tokenizer` package (no download);
 * they are loaded on first use only, since each costs tens of megabytes.
 */
export async function loadTokenCounter(tokenizer: Exclude<TokenizerChoice, 'auto'>): Promise<CountTokens> {
  if (tokenizer === 'o200k') return (await import('gpt-tokenizer/encoding/o200k_base')).countTokens;
  if (tokenizer === 'cl100k') return (await import('gpt-tokenizer/encoding/cl100k_base')).countTokens;
  return estimateTokens;
}

export function countMessageTokens(message: HistoryEntry, count: CountTokens): number {
  let tokens = PER_MESSAGE_OVERHEAD + count(message.content);
  for (const call of message.toolCalls ?? []) tokens += count(call.name) + count(call.argumentsJson);
  return tokens;
}
