import type { ClassifierErrorCode, ShieldErrorCode, ShieldPackageError } from '@parapet/shield';
import { ParapetError, type ErrorCode } from '@parapet/wire';

/** Every Shield and classifier code, mapped once: a code added to the Shield fails to compile here until mapped. */
const WIRE_CODES: Readonly<Record<ShieldErrorCode | ClassifierErrorCode, ErrorCode>> = {
  CONFIG_INVALID: 'CONFIG_INVALID',
  POLICY_INVALID: 'POLICY_INVALID',
  POLICY_NOT_FOUND: 'POLICY_INVALID',
  CORPUS_INVALID: 'INVALID_ARGUMENT',
  EVALUATOR_UNAVAILABLE: 'LLM_UNAVAILABLE',
  MODEL_NOT_INSTALLED: 'CONFIG_INVALID',
  MODEL_INVALID: 'CONFIG_INVALID',
  MODEL_INTEGRITY: 'MODEL_INTEGRITY',
  MODEL_DOWNLOAD_FAILED: 'INTERNAL',
  CLASSIFIER_INPUT_TOO_LONG: 'INPUT_TOO_LONG',
  CLASSIFIER_FAILED: 'INTERNAL',
  CLASSIFIER_CLOSED: 'INTERNAL',
};

/**
 * A Shield or classifier error as the engine reports it (on the wire and at start-up); an unknown
 * code is INTERNAL. `configKey` names the config.yaml key the failure belongs to, as a message prefix.
 */
export function shieldErrorToParapet(error: ShieldPackageError, configKey?: string): ParapetError {
  const code = Object.hasOwn(WIRE_CODES, error.code) ? WIRE_CODES[error.code as keyof typeof WIRE_CODES] : 'INTERNAL';
  const message = configKey === undefined ? error.message : `${configKey}: ${error.message}`;
  return new ParapetError(code, message, error.retryable, { cause: error });
}
