export { LOG_REDACT_PATHS, createLogger, type EngineLogger, type LoggerOptions } from './logger.js';
export { quietLogger } from './quiet.js';
