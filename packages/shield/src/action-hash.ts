import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no insignificant whitespace. Values that JSON cannot
 * represent faithfully are refused rather than silently dropped, so two different payloads can
 * never share a hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value}`);
  }
}

/** SHA-256 hex of the canonical JSON of `{type, payload}`: what a verdict is bound to. */
export function actionHash(action: { readonly type: string; readonly payload: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson({ type: action.type, payload: action.payload }))
    .digest('hex');
}
