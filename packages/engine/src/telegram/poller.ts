import { GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../logging/port.js';
import type { BotState } from './bot-state.js';

export interface PollerOptions {
  /** Seconds Telegram holds one `getUpdates` open when there is nothing to deliver. */
  readonly longPollSeconds: number;
  /** A `getUpdates` still open this long after its long-poll time is stalled: it is aborted and polling restarts. */
  readonly stallGraceMs: number;
  readonly minBackoffMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_POLLER: PollerOptions = { longPollSeconds: 25, stallGraceMs: 15_000, minBackoffMs: 1_000, maxBackoffMs: 60_000 };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Long polling that never stops on its own: one loop per token, every failure (network, 5xx, 409
 * Conflict with another poller on the same token, a bad token) is logged, shown in `status`, and
 * retried with doubling backoff; a request that outlives its long-poll time is aborted (watchdog).
 * Updates are handed on without waiting for what they start, so a running turn never blocks polling.
 */
export function runPoller(
  bot: Bot,
  handle: (update: Update) => Promise<void>,
  state: BotState,
  logger: Logger,
  stop: AbortSignal,
  options: PollerOptions = DEFAULT_POLLER,
): Promise<void> {
  return (async () => {
    let offset = 0;
    let backoffMs = options.minBackoffMs;
    while (!stop.aborted) {
      const request = new AbortController();
      const abortRequest = (): void => request.abort();
      stop.addEventListener('abort', abortRequest, { once: true });
      let stalled = false;
      const watchdog = setTimeout(() => {
        stalled = true;
        request.abort();
      }, options.longPollSeconds * 1000 + options.stallGraceMs);
      try {
        if (!bot.isInited()) {
          await bot.init(grammySignal(request.signal));
          state.update({ botUsername: bot.botInfo.username });
          logger.info({ bot: bot.botInfo.username }, 'telegram: bot connected');
        }
        // A poll is open: that is what "polling" means; a failure turns it into "retrying".
        if (state.snapshot().state !== 'polling') logger.info({}, 'telegram: polling');
        state.update({ state: 'polling', detail: '' });
        const updates = await bot.api.getUpdates(
          { offset, timeout: options.longPollSeconds, allowed_updates: ['message', 'callback_query'] },
          grammySignal(request.signal),
        );
        backoffMs = options.minBackoffMs;
        for (const update of updates) {
          offset = update.update_id + 1;
          state.update({ lastUpdateAt: new Date().toISOString() });
          await handle(update).catch((error: unknown) => logger.error({ detail: describe(error) }, 'telegram: an update failed'));
        }
      } catch (error) {
        if (stop.aborted) break;
        const detail = stalled ? `getUpdates stalled (no answer in ${options.longPollSeconds}s + ${options.stallGraceMs} ms)` : reason(error);
        state.failed(detail);
        logger.warn({ detail, retryInMs: backoffMs }, 'telegram: polling failed; retrying');
        await abortableSleep(retryAfterMs(error) ?? backoffMs, stop);
        backoffMs = Math.min(backoffMs * 2, options.maxBackoffMs);
      } finally {
        clearTimeout(watchdog);
        stop.removeEventListener('abort', abortRequest);
      }
    }
  })();
}

/** grammY types its signals with the `abort-controller` polyfill's class; Node's own is what it gets at runtime. */
function grammySignal(signal: AbortSignal): Parameters<Bot['init']>[0] {
  return signal as unknown as Parameters<Bot['init']>[0];
}

function reason(error: unknown): string {
  if (error instanceof GrammyError) {
    if (error.error_code === 409) return 'conflict: another poller (or a webhook) uses this bot token (409)';
    if (error.error_code === 401) return 'the bot token was refused (401)';
    return `${error.error_code}: ${error.description}`;
  }
  return describe(error);
}

function retryAfterMs(error: unknown): number | undefined {
  const seconds = error instanceof GrammyError ? error.parameters.retry_after : undefined;
  return seconds === undefined ? undefined : seconds * 1000;
}
