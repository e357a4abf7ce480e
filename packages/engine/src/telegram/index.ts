export { createTelegramBot, type TelegramBot, type TelegramBotOptions } from './telegram-bot.js';
