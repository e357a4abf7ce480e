export { formatHumanLine } from './human-line.js';
export { LOG_REDACT_PATHS, createLogger, type EngineLogger, type LogLevel, type LoggerOptions } from './logger.js';
export { quietLogger } from './quiet.js';
export { openLogSinks, type LogSinkOptions, type LogSinks } from './sinks.js';
