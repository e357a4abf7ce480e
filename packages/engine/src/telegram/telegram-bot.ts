import type { TelegramConfig } from '../config/index.js';
import type { Logger } from '../logging/port.js';
import type { ClientApi, TelegramStatusSnapshot } from '@parapet/wire/client';
import { BotState } from './bot-state.js';
import type { PollerOptions } from './poller.js';

export interface TelegramBot {
  status(): TelegramStatusSnapshot;
  /** Starts polling (when the config allows it), driving `api` like any other client. Never throws. */
  start(api: ClientApi): void;
  stop(): Promise<void>;
}

export interface TelegramBotOptions {
  readonly poller?: PollerOptions;
  /** Shortest time between two edits of one live answer (Telegram allows about one a second per chat). */
  readonly editIntervalMs?: number;
  /** A stranger gets at most one refusal per chat in this window. */
  readonly refusalWindowMs?: number;
  /** How long `stop` waits for answers in flight to get their last edit. */
  readonly drainMs?: number;
}

/** The bot the config describes, or one whose status explains why it does not run. */
export function createTelegramBot(config: TelegramConfig | undefined, logger: Logger, options: TelegramBotOptions = {}): TelegramBot {
  const state = new BotState({ allowedUsers: config?.allowedUserIds.length ?? 0 });
  let running: Promise<{ stop(): Promise<void> } | undefined> | undefined;
  return {
    status: () => state.snapshot(),
    start(api) {
      if (!config) return;
      if (config.allowedUserIds.length === 0) {
        state.update({ state: 'not_started', detail: 'telegram.allowed_user_ids is empty: nobody could talk to the bot' });
        logger.warn({}, 'telegram: no allowed_user_ids; the bot does not start');
        return;
      }
      if (!config.token) {
        state.update({ state: 'not_started', detail: `environment variable ${config.tokenEnv} (telegram.token_env) is not set` });
        logger.warn({ tokenEnv: config.tokenEnv }, 'telegram: no bot token; the bot does not start');
        return;
      }
      const withToken = { ...config, token: config.token };
      state.update({ state: 'starting' });
      // grammy and its plugins load only for a configured bot: an engine without one stays smaller.
      running ??= import('./run-bot.js').then(
        ({ runBot }) => runBot(withToken, api, state, logger, options),
        (error: unknown) => {
          const detail = `the Telegram module could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
          state.update({ state: 'not_started', detail });
          logger.error({ detail }, 'telegram: the bot does not start');
          return undefined;
        },
      );
    },
    async stop() {
      await (await running)?.stop();
    },
  };
}
