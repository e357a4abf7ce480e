import { status as GrpcStatus } from '@grpc/grpc-js';
import { ClassifierError, ShieldError, type ClassifierErrorCode, type ShieldErrorCode } from '@parapet/shield';
import { ErrorCodes, ParapetError, type ErrorCode } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import { shieldErrorToParapet } from './shield-errors.js';

const SHIELD: readonly [ShieldErrorCode, ErrorCode][] = [
  ['CONFIG_INVALID', 'CONFIG_INVALID'],
  ['POLICY_INVALID', 'POLICY_INVALID'],
  ['POLICY_NOT_FOUND', 'POLICY_INVALID'],
  ['CORPUS_INVALID', 'INVALID_ARGUMENT'],
  ['EVALUATOR_UNAVAILABLE', 'LLM_UNAVAILABLE'],
];

const CLASSIFIER: readonly [ClassifierErrorCode, ErrorCode][] = [
  ['MODEL_NOT_INSTALLED', 'CONFIG_INVALID'],
  ['MODEL_INVALID', 'CONFIG_INVALID'],
  ['MODEL_INTEGRITY', 'MODEL_INTEGRITY'],
  ['MODEL_DOWNLOAD_FAILED', 'INTERNAL'],
  ['CLASSIFIER_INPUT_TOO_LONG', 'INPUT_TOO_LONG'],
  ['CLASSIFIER_FAILED', 'INTERNAL'],
  ['CLASSIFIER_CLOSED', 'INTERNAL'],
];

describe('shieldErrorToParapet', () => {
  it.each(SHIELD)('maps ShieldError %s to the wire code %s, message and retryable kept', (code, wire) => {
    const error = new ShieldError(code, `shield said ${code}`, code === 'EVALUATOR_UNAVAILABLE');
    const mapped = shieldErrorToParapet(error);
    expect(mapped).toBeInstanceOf(ParapetError);
    expect(mapped).toMatchObject({ code: wire, message: `shield said ${code}`, retryable: code === 'EVALUATOR_UNAVAILABLE', cause: error });
  });

  it.each(CLASSIFIER)('maps ClassifierError %s to the wire code %s', (code, wire) => {
    expect(shieldErrorToParapet(new ClassifierError(code, `classifier said ${code}`))).toMatchObject({ code: wire, message: `classifier said ${code}` });
  });

  it('sends the two new codes as INVALID_ARGUMENT (a bad policy) and DATA_LOSS (a file that fails its pin)', () => {
    expect(ErrorCodes.POLICY_INVALID).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(ErrorCodes.MODEL_INTEGRITY).toBe(GrpcStatus.DATA_LOSS);
  });

  it('fails closed on a code it does not know: INTERNAL', () => {
    const unknown = new ShieldError('CONFIG_INVALID', 'x');
    Object.defineProperty(unknown, 'code', { value: 'SOMETHING_NEW' });
    expect(shieldErrorToParapet(unknown).code).toBe('INTERNAL');
  });

  it('names the config key a start-up failure belongs to, code kept', () => {
    const mapped = shieldErrorToParapet(new ClassifierError('MODEL_INTEGRITY', 'model.onnx does not match its pin'), 'shield.classifier');
    expect(mapped).toMatchObject({ code: 'MODEL_INTEGRITY', message: 'shield.classifier: model.onnx does not match its pin' });
  });
});
