import { Tokenizer } from '@huggingface/tokenizers';
import { ClassifierError } from './errors.js';

/**
 * The part of `@huggingface/tokenizers`' Tokenizer used here. Its published declarations use
 * extension-less relative re-exports that NodeNext cannot follow, so the import is untyped;
 * this interface restores checking at the one place the library is touched.
 */
interface HfTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[] };
  token_to_id(token: string): number | undefined;
  get_vocab(withAddedTokens?: boolean): Map<string, number>;
}

/** Probe used once at load to learn which special tokens the post-processor wraps a sequence in. */
const WRAP_PROBE = 'hello world';

function indexOfRun(haystack: readonly number[], needle: readonly number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Turns text into model windows: token ids without special tokens, cut into overlapping slices
 * that each get the special tokens the tokenizer's post-processor defines ([CLS] … [SEP] for
 * DeBERTa-v3), so every window is exactly what the model saw in training for a single sequence.
 */
export class WindowEncoder {
  private constructor(
    private readonly tokenizer: HfTokenizer,
    private readonly prefix: readonly number[],
    private readonly suffix: readonly number[],
    /** Content tokens per window (window minus special tokens). */
    readonly contentSize: number,
    readonly padId: number,
    readonly maxTokenId: number,
  ) {}

  /** @param tokenizerJson parsed `tokenizer.json`; @param window model window in tokens */
  static create(tokenizerJson: unknown, window: number): WindowEncoder {
    let tokenizer: HfTokenizer;
    try {
      tokenizer = new Tokenizer(tokenizerJson as object, {}) as HfTokenizer;
    } catch (error) {
      throw new ClassifierError('MODEL_INVALID', `tokenizer.json is not a usable tokenizer: ${(error as Error).message}`, false, { cause: error });
    }
    const content = tokenizer.encode(WRAP_PROBE, { add_special_tokens: false }).ids;
    const wrapped = tokenizer.encode(WRAP_PROBE).ids;
    const at = indexOfRun(wrapped, content);
    if (content.length === 0 || at < 0) {
      throw new ClassifierError('MODEL_INVALID', 'tokenizer.json post-processor does more than wrap the sequence in special tokens');
    }
    const prefix = wrapped.slice(0, at);
    const suffix = wrapped.slice(at + content.length);
    const contentSize = window - prefix.length - suffix.length;
    if (contentSize < 1) throw new ClassifierError('MODEL_INVALID', `window ${window} leaves no room next to ${prefix.length + suffix.length} special tokens`);
    let maxTokenId = 0;
    for (const id of tokenizer.get_vocab(true).values()) if (id > maxTokenId) maxTokenId = id;
    return new WindowEncoder(tokenizer, prefix, suffix, contentSize, padIdOf(tokenizerJson, tokenizer), maxTokenId);
  }

  /** Token ids of the text as the tokenizer produces them with special tokens (for checks). */
  encode(text: string): number[] {
    return this.tokenizer.encode(text).ids;
  }

  /**
   * Windows of at most `contentSize` content tokens, consecutive windows sharing `overlap`
   * tokens so a phrase cut at a boundary is still seen whole in one of them. An empty text
   * still yields one window (just the special tokens): the model always gets to answer.
   */
  windows(text: string, overlap: number): number[][] {
    const ids = this.tokenizer.encode(text, { add_special_tokens: false }).ids;
    const size = this.contentSize;
    const step = size - Math.min(Math.max(0, overlap), Math.floor(size / 2));
    const windows: number[][] = [];
    for (let start = 0; ; start += step) {
      windows.push([...this.prefix, ...ids.slice(start, start + size), ...this.suffix]);
      if (start + size >= ids.length) break;
    }
    return windows;
  }
}

/** The padding id the tokenizer declares, else `[PAD]`/`<pad>`, else 0 (masked out anyway). */
function padIdOf(json: unknown, tokenizer: HfTokenizer): number {
  const padding = (json as { padding?: { pad_id?: unknown } | null }).padding;
  if (padding && typeof padding.pad_id === 'number') return padding.pad_id;
  return tokenizer.token_to_id('[PAD]') ?? tokenizer.token_to_id('<pad>') ?? 0;
}
