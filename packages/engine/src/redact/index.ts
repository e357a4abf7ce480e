export { REDACTED, SECRET_PATTERNS, type SecretPattern, type SecretSpan } from './patterns.js';
export { createRedactor, type Redactor } from './redactor.js';
export { createStreamRedactor, type StreamRedactor } from './stream.js';
