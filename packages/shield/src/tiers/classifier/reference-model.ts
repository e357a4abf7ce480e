/**
 * The model tier 1b is built for: protectai/deberta-v3-base-prompt-injection-v2 (Apache-2.0),
 * DeBERTa-v3-base fine-tuned for prompt-injection detection, ONNX export in its `onnx/` folder.
 * Its SHA-256s are not shipped here: pass them as pins (config) or opt in to recording them on
 * first download (`allowUnpinned`).
 */
export const REFERENCE_MODEL = Object.freeze({
  name: 'protectai/deberta-v3-base-prompt-injection-v2',
  baseUrl: 'https://huggingface.co/protectai/deberta-v3-base-prompt-injection-v2/resolve/main/onnx/',
  labels: Object.freeze(['SAFE', 'INJECTION']),
  injectionLabel: 1,
  window: 512,
  vocabSize: 128_100,
});

/** What the manifest records about a model besides its files. */
export interface ModelDescription {
  readonly name: string;
  readonly labels: readonly string[];
  readonly injectionLabel: number;
  readonly window: number;
  readonly vocabSize?: number;
}
