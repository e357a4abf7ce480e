import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/index.js';
import type { ClientApi } from '@parapet/wire/client';
import { createTelegramBot } from './telegram-bot.js';

const logger = createLogger({ name: 'test', level: 'silent' });
const unusedApi = {} as ClientApi;
const base = { tokenEnv: 'BOT_TOKEN', allowGroups: false, apiRoot: 'http://127.0.0.1:9' };

describe('a bot that cannot run says why in status', () => {
  it('is off without a telegram section', () => {
    const bot = createTelegramBot(undefined, logger);
    bot.start(unusedApi);
    expect(bot.status()).toMatchObject({ state: 'off', allowedUsers: 0 });
  });

  it('does not start with nobody allowed, even with a token', () => {
    const bot = createTelegramBot({ ...base, token: '1:abc', allowedUserIds: [] }, logger);
    bot.start(unusedApi);
    expect(bot.status()).toMatchObject({ state: 'not_started', detail: 'telegram.allowed_user_ids is empty: nobody could talk to the bot' });
  });

  it('names the variable when the token is missing, never a token', () => {
    const bot = createTelegramBot({ ...base, allowedUserIds: [1] }, logger);
    bot.start(unusedApi);
    expect(bot.status()).toMatchObject({ state: 'not_started', detail: 'environment variable BOT_TOKEN (telegram.token_env) is not set', allowedUsers: 1 });
  });
});
