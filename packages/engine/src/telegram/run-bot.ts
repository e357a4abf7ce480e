import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, type Context } from 'grammy';
import type { TelegramConfig } from '../config/index.js';
import type { Logger } from '../logging/port.js';
import type { ClientApi } from '@parapet/wire/client';
import { decideAccess, RefusalLimiter } from './access.js';
import { ApprovalButtons } from './approval-buttons.js';
import type { BotState } from './bot-state.js';
import { runChatTurn } from './chat-turn.js';
import { Chats } from './chats.js';
import { runCommand } from './commands.js';
import { piecesToHtml, type Piece } from './html.js';
import type { ChatSender } from './live-message.js';
import { DEFAULT_POLLER, runPoller } from './poller.js';
import type { TelegramBotOptions } from './telegram-bot.js';

const REFUSAL = 'This is a private Parapet bot. Your user id is not on its list, so nothing you send reaches it.';
const GROUP_REFUSAL = 'This Parapet bot only talks in private chats.';
const COMMAND = /^\/([a-z_]+)(?:@\w+)?(?:\s+([\s\S]*))?$/i;

/** The running bot: polls Telegram and drives `api` for each allowed update until stopped. */
export function runBot(
  config: TelegramConfig & { readonly token: string },
  api: ClientApi,
  state: BotState,
  logger: Logger,
  options: TelegramBotOptions,
): { stop(): Promise<void> } {
  const bot = new Bot(config.token, { client: { apiRoot: config.apiRoot } });
  bot.api.config.use(apiThrottler());
  // Outermost, so a retry passes the throttler again. Network errors are not retried blindly here:
  // a lost reply to sendMessage may hide a delivered message, and polling has its own backoff.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 300, rethrowHttpErrors: true }));

  const chats = new Chats();
  const refusals = new RefusalLimiter(options.refusalWindowMs ?? 10 * 60_000);
  const inflight = new Set<Promise<void>>();
  const detach = (work: Promise<void>): void => {
    const tracked = work.catch((error: unknown) => logger.error({ detail: error instanceof Error ? error.message : String(error) }, 'telegram: handling a message failed'));
    inflight.add(tracked);
    void tracked.finally(() => inflight.delete(tracked));
  };
  const senderFor = (chatId: number): ChatSender => ({
    send: async (html) => (await bot.api.sendMessage(chatId, html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } })).message_id,
    edit: async (messageId, html) => {
      await bot.api.editMessageText(chatId, messageId, html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    },
  });
  const approvals = new ApprovalButtons(api, {
    send: async (chatId, html, keyboard) => (await bot.api.sendMessage(chatId, html, { parse_mode: 'HTML', reply_markup: keyboard })).message_id,
    edit: async (chatId, messageId, html, keyboard) => {
      await bot.api.editMessageText(chatId, messageId, html, { parse_mode: 'HTML', reply_markup: keyboard ?? { inline_keyboard: [] } });
    },
  });
  const reply = async (chatId: number, pieces: readonly Piece[]): Promise<void> => {
    await senderFor(chatId).send(piecesToHtml(pieces));
  };

  bot.use(async (ctx: Context, next) => {
    const chat = ctx.chat;
    const decision = decideAccess(config, ctx.from?.id, chat?.type);
    if (decision === 'allowed') return next();
    // Who and where, never what: a stranger's words stay out of the logs.
    logger.warn({ userId: ctx.from?.id, chatId: chat?.id, chatType: chat?.type, decision }, 'telegram: refused an update');
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: 'Not allowed.' });
      return;
    }
    if (chat && refusals.shouldAnswer(chat.id)) await ctx.reply(decision === 'stranger' ? REFUSAL : GROUP_REFUSAL);
  });

  bot.on('message:text', (ctx) => {
    const chatId = ctx.chat.id;
    const text = ctx.message.text;
    const command = COMMAND.exec(text.trim());
    if (command) {
      detach(
        (async () => {
          const answer = await runCommand({ api, chats, chatId }, (command[1] ?? '').toLowerCase(), command[2] ?? '');
          await reply(chatId, answer ?? [{ text: 'Unknown command; see /help.', style: 'plain' }]);
        })(),
      );
      return;
    }
    detach(runChatTurn({ api, chats, approvals, logger, editIntervalMs: options.editIntervalMs ?? 1000 }, chatId, text, senderFor(chatId)));
  });
  bot.on('message', (ctx) => detach(reply(ctx.chat.id, [{ text: 'Only text messages are understood.', style: 'plain' }])));
  bot.on('callback_query:data', (ctx) => {
    const presser = { userId: ctx.from.id, name: ctx.from.first_name, chatId: ctx.chat?.id ?? 0, messageId: ctx.callbackQuery.message?.message_id };
    detach(
      approvals
        .press(presser, ctx.callbackQuery.data)
        .catch((error: unknown) => {
          logger.error({ detail: error instanceof Error ? error.message : String(error) }, 'telegram: an approval answer failed');
          return 'Your answer could not be recorded; nothing was approved.';
        })
        .then(async (text) => {
          await ctx.answerCallbackQuery({ text });
        }),
    );
  });
  bot.on('callback_query', (ctx) => detach(ctx.answerCallbackQuery({ text: 'This button does nothing.' }).then(() => undefined)));

  const stopPolling = new AbortController();
  logger.info({ apiRoot: config.apiRoot, allowedUsers: config.allowedUserIds.length }, 'telegram: starting the bot');
  const polling = runPoller(bot, (update) => bot.handleUpdate(update), state, logger, stopPolling.signal, options.poller ?? DEFAULT_POLLER);

  return {
    async stop() {
      stopPolling.abort();
      chats.stopEverything();
      await polling;
      const drained = Promise.allSettled([...inflight]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, options.drainMs ?? 5000)))]);
      clearTimeout(timer);
      state.update({ state: 'stopped', detail: '' });
    },
  };
}
