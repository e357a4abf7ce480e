import { createHash } from 'node:crypto';

const LONG_STRING = 1024;
const KEPT = 256;

/** The payload as the audit trail keeps it: long strings shortened to an excerpt plus their hash. */
export function summarizePayload(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, summarizeValue(value)]));
}

function summarizeValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > LONG_STRING) {
    const digest = createHash('sha256').update(value).digest('hex');
    return `${value.slice(0, KEPT)}… [${value.length} chars, sha256 ${digest}]`;
  }
  if (Array.isArray(value)) return value.map(summarizeValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, summarizeValue(item)]));
  }
  return value;
}

/** A bounded excerpt for events and audit rows. */
export function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more chars]`;
}
