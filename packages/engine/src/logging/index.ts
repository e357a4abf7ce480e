export { formatHumanLine } from './human-line.js';
export { LOG_REDACT_PATHS, createLogger, type LogLevel, type LoggerOptions } from './logger.js';
export type { Logger } from './port.js';
export { quietLogger } from './quiet.js';
export { openLogSinks, type LogSinkOptions, type LogSinks } from './sinks.js';
