export { createInputGuard } from './input-guard.js';
export { PII_KINDS, findPii, redactPii, type PiiKind, type PiiSpan } from './pii.js';
export { WITHHELD, createTermFilter, type TermFilter } from './term-filter.js';
