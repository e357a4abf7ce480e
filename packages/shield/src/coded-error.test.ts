import { describe, expect, it } from 'vitest';
import { ShieldPackageError } from './coded-error.js';
import { ShieldError } from './errors.js';
import { ClassifierError } from './tiers/classifier/errors.js';

describe('ShieldPackageError', () => {
  it('is the one type a host catches for both the Shield and the classifier, with code, retryable and cause', () => {
    const cause = new Error('disk');
    const shield = new ShieldError('POLICY_INVALID', 'invalid policy p.yaml', false, { cause, details: ['rules: expected object'] });
    const classifier = new ClassifierError('MODEL_INTEGRITY', 'model.onnx has SHA-256 ab…', true, { cause });
    for (const error of [shield, classifier]) expect(error).toBeInstanceOf(ShieldPackageError);
    expect(shield).toMatchObject({ name: 'ShieldError', code: 'POLICY_INVALID', retryable: false, cause, details: ['rules: expected object'] });
    expect(classifier).toMatchObject({ name: 'ClassifierError', code: 'MODEL_INTEGRITY', retryable: true, cause });
  });
});
