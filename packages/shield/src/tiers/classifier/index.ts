export { ClassifierError, type ClassifierErrorCode } from './errors.js';
export { loadClassifier, defaultIntraOpThreads, type LoadClassifierOptions } from './load.js';
export { OnnxClassifier, type ClassifierInfo, type ClassifierRunOptions } from './onnx-classifier.js';
export { classifierStatus, type ClassifierStatus } from './status.js';
export {
  classifierThresholdsSchema,
  decideByScore,
  DEFAULT_CLASSIFIER_THRESHOLDS,
  type ClassifierThresholds,
  type ScoreDecision,
} from './thresholds.js';
export { pullModel, type PullModelOptions } from './pull.js';
export { renderProgressBar, type DownloadProgress } from './progress.js';
export { REFERENCE_MODEL, type ModelDescription } from './reference-model.js';
export {
  MANIFEST_FILE,
  MODEL_FILES,
  modelManifestSchema,
  readManifest,
  type ModelFile,
  type ModelManifest,
  type ModelPins,
} from './manifest.js';
