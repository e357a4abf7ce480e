/**
 * The engine's one logging port: details first, then the message. A pino logger fits it as is,
 * and so does anything passed to the Shield, whose own `Logger` port has the same shape.
 */
export interface Logger {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}
