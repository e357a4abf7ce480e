import { ShieldPackageError } from '../../coded-error.js';

/**
 * Stable codes for the ONNX classifier's setup, download and inference failures. A host maps them
 * to its own codes; the Shield's fail-closed helper turns any of them inside `classify` into BLOCK.
 */
export type ClassifierErrorCode =
  /** No manifest in the model folder: tier 1b is absent (never "safe"). */
  | 'MODEL_NOT_INSTALLED'
  /** Manifest, tokenizer or ONNX graph unusable (bad JSON, wrong inputs/outputs, unknown labels). */
  | 'MODEL_INVALID'
  /** A file's size or SHA-256 differs from its pin: refused, the file may have been tampered with. */
  | 'MODEL_INTEGRITY'
  /** HTTP, network or filesystem failure while pulling a model. */
  | 'MODEL_DOWNLOAD_FAILED'
  /** More text than `maxChunks` windows: not classified rather than partly classified. */
  | 'CLASSIFIER_INPUT_TOO_LONG'
  /** Inference failed or produced something that is not a probability. */
  | 'CLASSIFIER_FAILED'
  /** `close()` was called, or the inference worker is gone. */
  | 'CLASSIFIER_CLOSED';

export class ClassifierError extends ShieldPackageError<ClassifierErrorCode> {
  override readonly name = 'ClassifierError';
}
