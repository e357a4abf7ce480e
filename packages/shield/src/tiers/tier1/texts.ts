import { payloadStrings } from '../../payload-strings.js';

/** Every non-empty string in a payload, depth-bounded: what the classifier reads. */
export function payloadTexts(payload: Readonly<Record<string, unknown>>): string[] {
  return payloadStrings(payload).filter((text) => text.trim() !== '');
}
