import { ParapetError } from '@parapet/wire';
import type { GuardrailsConfig } from '../config/index.js';
import { findPii, redactPii, type PiiKind } from './pii.js';

/**
 * Checks a user's message before it is stored: too long → INPUT_TOO_LONG; personal data → redacted
 * or PII_BLOCKED, per config. A refused message is neither stored nor acknowledged: the client gets
 * the error at once and still has the text. A redacted one is stored and sent redacted, like a secret.
 */
export function createInputGuard(config: Pick<GuardrailsConfig, 'maxInputChars' | 'pii'>): (text: string) => string {
  const kinds = new Set<PiiKind>(config.pii.kinds);
  return (text) => {
    if (config.maxInputChars !== undefined) {
      const chars = [...text].length;
      if (chars > config.maxInputChars) {
        throw new ParapetError('INPUT_TOO_LONG', `the message is ${chars} characters; guardrails.max_input_chars allows ${config.maxInputChars}`);
      }
    }
    if (config.pii.mode === 'off') return text;
    const found = findPii(text, kinds);
    if (found.length === 0) return text;
    if (config.pii.mode === 'redact') return redactPii(text, found);
    const named = [...new Set(found.map((span) => span.kind))].join(', ');
    throw new ParapetError('PII_BLOCKED', `the message holds personal data (${named}) and guardrails.pii.mode is block: remove it and send again`);
  };
}
