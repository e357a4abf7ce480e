import type { Logger } from './port.js';

/** For components whose caller passed no logger. */
export const quietLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
