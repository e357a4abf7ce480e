import type { Classifier } from '../../ports.js';
import { ClassifierError } from './errors.js';
import type { FeedPlan } from './feed-plan.js';
import type { ModelManifest } from './manifest.js';
import type { SessionHost } from './session-host.js';
import type { WindowEncoder } from './window-encoder.js';

export interface ClassifierRunOptions {
  /** Windows per `session.run`. */
  readonly batchSize: number;
  /** Tokens shared by consecutive windows of a long text. */
  readonly overlap: number;
  /** Longer texts are refused (CLASSIFIER_INPUT_TOO_LONG) rather than partly classified. */
  readonly maxWindows: number;
}

export interface ClassifierInfo {
  readonly name: string;
  readonly window: number;
  readonly labels: readonly string[];
  readonly feedsTokenTypeIds: boolean;
}

/** A batch of windows as the session's int64 feeds, right-padded with `padId` and masked. */
export function batchFeeds(windows: readonly (readonly number[])[], padId: number, tokenTypeIds: boolean) {
  const length = Math.max(...windows.map((w) => w.length));
  const ids = new BigInt64Array(windows.length * length).fill(BigInt(padId));
  const mask = new BigInt64Array(windows.length * length);
  windows.forEach((window, row) => {
    window.forEach((id, column) => {
      ids[row * length + column] = BigInt(id);
      mask[row * length + column] = 1n;
    });
  });
  const feeds: Record<string, BigInt64Array> = { input_ids: ids, attention_mask: mask };
  // Single-sequence windows: every token is segment 0.
  if (tokenTypeIds) feeds.token_type_ids = new BigInt64Array(windows.length * length);
  return { feeds, dims: [windows.length, length] as const };
}

/** Probability of `label` from one row of logits (numerically stable softmax). */
export function softmaxAt(logits: Float32Array, offset: number, width: number, label: number): number {
  let max = -Infinity;
  for (let i = 0; i < width; i += 1) max = Math.max(max, logits[offset + i] ?? NaN);
  let sum = 0;
  for (let i = 0; i < width; i += 1) sum += Math.exp((logits[offset + i] ?? NaN) - max);
  return Math.exp((logits[offset + label] ?? NaN) - max) / sum;
}

/**
 * Tier 1b: prompt-injection probability of a text, the maximum over its windows (an injection
 * anywhere in the text is an injection). Tokenising happens here on the caller's thread (pure JS,
 * a few milliseconds per window at most); the model runs in the session's worker thread.
 */
export class OnnxClassifier implements Classifier {
  constructor(
    private readonly encoder: WindowEncoder,
    private readonly session: SessionHost,
    private readonly plan: FeedPlan,
    private readonly manifest: ModelManifest,
    private readonly options: ClassifierRunOptions,
  ) {}

  get info(): ClassifierInfo {
    return { name: this.manifest.name, window: this.manifest.window, labels: this.manifest.labels, feedsTokenTypeIds: this.plan.tokenTypeIds };
  }

  async classify(text: string): Promise<{ readonly injection: number }> {
    const windows = this.encoder.windows(text, this.options.overlap);
    if (windows.length > this.options.maxWindows) {
      throw new ClassifierError(
        'CLASSIFIER_INPUT_TOO_LONG',
        `text needs ${windows.length} windows of ${this.manifest.window} tokens, more than the ${this.options.maxWindows} allowed`,
      );
    }
    let injection = 0;
    for (let start = 0; start < windows.length; start += this.options.batchSize) {
      const batch = windows.slice(start, start + this.options.batchSize);
      injection = Math.max(injection, await this.scoreBatch(batch));
    }
    return { injection };
  }

  /** Same as the model sees in `classify`, exposed for benchmarks and checks: the windows' feeds. */
  feedsFor(text: string) {
    return batchFeeds(this.encoder.windows(text, this.options.overlap), this.encoder.padId, this.plan.tokenTypeIds);
  }

  close(): Promise<void> {
    return this.session.close();
  }

  private async scoreBatch(windows: readonly (readonly number[])[]): Promise<number> {
    const { feeds, dims } = batchFeeds(windows, this.encoder.padId, this.plan.tokenTypeIds);
    const { data, dims: outDims } = await this.session.run(feeds, dims, this.plan.logitsOutput);
    const width = this.manifest.labels.length;
    if (outDims.length !== 2 || outDims[0] !== windows.length || outDims[1] !== width) {
      throw new ClassifierError('CLASSIFIER_FAILED', `model returned logits of shape [${outDims.join(', ')}], expected [${windows.length}, ${width}]`);
    }
    let best = 0;
    for (let row = 0; row < windows.length; row += 1) {
      const p = softmaxAt(data, row * width, width, this.manifest.injectionLabel);
      if (!Number.isFinite(p)) throw new ClassifierError('CLASSIFIER_FAILED', 'model returned non-finite logits');
      best = Math.max(best, p);
    }
    return best;
  }
}
