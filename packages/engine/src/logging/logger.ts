import { pino, type DestinationStream, type Level, type Logger as PinoLogger } from 'pino';
import { REDACTED } from '../redact/patterns.js';
import type { Redactor } from '../redact/redactor.js';

export type LogLevel = Level | 'silent';

export interface LoggerOptions {
  readonly level?: LogLevel;
  /** Adds value-based redaction (secret shapes, the configured API key) to the key-based paths. */
  readonly redactor?: Redactor;
  /** Default: stderr. */
  readonly destination?: DestinationStream;
  readonly name?: string;
}

/** Keys whose values are secrets whatever they contain, at the top level and one level down. */
const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'token',
  'password',
  'secret',
  'clientToken',
  'agentToken',
  'cookie',
];
export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** The engine's logger (pino behind the `Logger` port): JSON lines, secrets censored by key and (with a redactor) by value. */
export function createLogger(options: LoggerOptions = {}): PinoLogger {
  const { redactor } = options;
  return pino(
    {
      level: options.level ?? 'info',
      ...(options.name ? { name: options.name } : {}),
      redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
      ...(redactor
        ? {
            formatters: { log: (object: Record<string, unknown>) => redactor.redactValue(object) },
            hooks: {
              logMethod(args, method) {
                const cleaned = args.map((arg) => (typeof arg === 'string' ? redactor.redact(arg) : arg));
                method.apply(this, cleaned as Parameters<typeof method>);
              },
            },
          }
        : {}),
    },
    options.destination ?? pino.destination({ fd: 2, sync: false }),
  );
}
