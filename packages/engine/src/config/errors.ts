import { ParapetError } from '@parapet/wire';

/** Bad configuration: the message is one line naming the key path and what is wrong. */
export class ConfigError extends ParapetError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONFIG_INVALID', message, false, options);
  }
}
