import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A Bot API server on loopback that speaks Telegram's HTTP protocol (POST /bot<token>/<method>,
 * JSON in, {ok, result} or {ok:false, error_code, description, parameters} out): getMe,
 * getUpdates long polling with offsets, sendMessage, editMessageText, answerCallbackQuery. It
 * parses parse_mode HTML the way Telegram does (known tags only, balanced, four named entities)
 * and refuses what Telegram refuses, so a bot that passes here sends messages Telegram accepts.
 */

export interface FakeUser {
  readonly id: number;
  readonly first_name: string;
}

interface Chat {
  readonly id: number;
  readonly type: 'private' | 'group';
}

export interface BotMessage {
  readonly messageId: number;
  readonly chatId: number;
  /** What the user sees (entities parsed). */
  text: string;
  html: string;
  /** Every text it showed, in order (first the sent one, then each edit). */
  readonly versions: string[];
  readonly replyMarkup?: unknown;
}

export interface ApiCall {
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** HTTP status answered. */
  readonly status: number;
}

export interface CallbackAnswer {
  readonly callbackQueryId: string;
  readonly text: string;
}

interface PendingFailure {
  readonly method: string;
  readonly status: number;
  readonly description: string;
  readonly retryAfter?: number;
}

interface Update {
  readonly update_id: number;
  readonly [key: string]: unknown;
}

const TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'code', 'pre', 'a', 'tg-spoiler', 'span', 'blockquote', 'tg-emoji']);
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

class ParseError extends Error {}

/** Telegram's HTML parse mode: the visible text, or a ParseError where Telegram answers "can't parse entities". */
export function parseTelegramHtml(html: string): string {
  let text = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const char = html[i] as string;
    if (char === '<') {
      const tag = /^<(\/?)([a-z-]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>/i.exec(html.slice(i));
      const name = tag?.[2]?.toLowerCase();
      if (!tag || !name || !TAGS.has(name)) throw new ParseError(`Can't find end tag corresponding to start tag at byte offset ${i}`);
      if (tag[1] === '/') {
        if (open.pop() !== name) throw new ParseError(`Unmatched end tag at byte offset ${i}, expected "</${open.at(-1) ?? ''}>", found "</${name}>"`);
      } else {
        open.push(name);
      }
      i += tag[0].length;
    } else if (char === '&') {
      const entity = /^&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i.exec(html.slice(i));
      const body = entity?.[1];
      if (!entity || !body) throw new ParseError(`Unclosed entity at byte offset ${i}`);
      if (body.startsWith('#x') || body.startsWith('#X')) text += String.fromCodePoint(Number.parseInt(body.slice(2), 16));
      else if (body.startsWith('#')) text += String.fromCodePoint(Number.parseInt(body.slice(1), 10));
      else if (ENTITIES[body] !== undefined) text += ENTITIES[body];
      else throw new ParseError(`Unsupported HTML entity "&${body};" at byte offset ${i}`);
      i += entity[0].length;
    } else if (char === '>') {
      throw new ParseError(`Unexpected end tag at byte offset ${i}`);
    } else {
      text += char;
      i += 1;
    }
  }
  if (open.length > 0) throw new ParseError(`Can't find end tag corresponding to start tag "${open.at(-1) ?? ''}"`);
  return text;
}

export interface FakeTelegram {
  /** The `api_root` to configure (no trailing slash). */
  readonly apiRoot: string;
  readonly token: string;
  readonly calls: ApiCall[];
  readonly callbackAnswers: CallbackAnswer[];
  /** A private-chat text message from `user` (chat id = user id, as in Telegram). */
  userSays(user: FakeUser, text: string): void;
  /** A message from `user` in a group chat. */
  userSaysInGroup(user: FakeUser, groupId: number, text: string): void;
  /** `user` presses an inline button of a bot message. */
  press(user: FakeUser, message: BotMessage, data: string): string;
  /** The next `count` calls of `method` fail with this status (429 carries retry_after). */
  failNext(method: string, status: number, options?: { retryAfter?: number; count?: number }): void;
  messagesIn(chatId: number): BotMessage[];
  /** Lines a person reading the chat sees: what they wrote, and each bot message's current text. */
  transcript(chatId: number): string;
  /** Long polls currently waiting. */
  pollsWaiting(): number;
  close(): Promise<void>;
}

export async function startFakeTelegram(options: { token?: string; botUsername?: string } = {}): Promise<FakeTelegram> {
  const token = options.token ?? '123456:TEST-token-for-the-fake-bot-api';
  const botUser = { id: 999_000, is_bot: true, first_name: 'Parapet', username: options.botUsername ?? 'parapet_test_bot' };
  const updates: Update[] = [];
  const waiters = new Set<() => void>();
  const calls: ApiCall[] = [];
  const callbackAnswers: CallbackAnswer[] = [];
  const failures: PendingFailure[] = [];
  const floodUntil = new Map<string, number>();
  const messages: BotMessage[] = [];
  const timeline = new Map<number, { kind: 'user' | 'bot' | 'popup'; text: string; ref?: BotMessage }[]>();
  const pressChats = new Map<string, number>();
  /** Every button ever shown, so a late press of a removed one still reads as its label. */
  const labels = new Map<string, string>();
  const remember = (markup: unknown): void => {
    for (const button of (markup as { inline_keyboard?: { text: string; callback_data: string }[][] } | undefined)?.inline_keyboard?.flat() ?? []) {
      labels.set(button.callback_data, button.text);
    }
  };
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let nextCallbackId = 1;
  let confirmed = 0;

  const entry = (chatId: number) => {
    const list = timeline.get(chatId) ?? [];
    timeline.set(chatId, list);
    return list;
  };
  const push = (update: Omit<Update, 'update_id'>): void => {
    updates.push({ update_id: nextUpdateId++, ...update });
    for (const wake of [...waiters]) wake();
  };
  const message = (from: FakeUser, chat: Chat, text: string) => ({
    message_id: nextMessageId++,
    from: { ...from, is_bot: false },
    chat: chat.type === 'private' ? { id: chat.id, type: 'private', first_name: from.first_name } : { id: chat.id, type: 'group', title: 'A group' },
    date: Math.floor(Date.now() / 1000),
    text,
  });

  const ok = (res: ServerResponse, result: unknown): number => send(res, 200, { ok: true, result });
  const fail = (res: ServerResponse, status: number, description: string, retryAfter?: number): number =>
    send(res, status, { ok: false, error_code: status, description, ...(retryAfter !== undefined ? { parameters: { retry_after: retryAfter } } : {}) });

  async function getUpdates(payload: Record<string, unknown>, res: ServerResponse): Promise<Update[]> {
    const offset = typeof payload['offset'] === 'number' ? payload['offset'] : 0;
    if (offset > confirmed) confirmed = offset;
    const timeoutS = typeof payload['timeout'] === 'number' ? payload['timeout'] : 0;
    const ready = (): Update[] => updates.filter((update) => update.update_id >= confirmed);
    if (ready().length > 0 || timeoutS === 0) return ready();
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutS * 1000);
      waiters.add(done);
      res.once('close', done);
    });
    return ready();
  }

  async function handle(method: string, payload: Record<string, unknown>, res: ServerResponse): Promise<number> {
    // Like Telegram's flood control: after a 429, the chat stays closed until retry_after has passed.
    const floodKey = String(payload['chat_id'] ?? '');
    const floodEnds = floodUntil.get(floodKey) ?? 0;
    if (Date.now() < floodEnds) {
      const retryAfter = Math.ceil((floodEnds - Date.now()) / 1000);
      return fail(res, 429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
    }
    const failure = failures.findIndex((entryFailure) => entryFailure.method === method);
    if (failure >= 0) {
      const [injected] = failures.splice(failure, 1);
      if (injected?.retryAfter !== undefined) floodUntil.set(floodKey, Date.now() + injected.retryAfter * 1000);
      if (injected) return fail(res, injected.status, injected.description, injected.retryAfter);
    }
    switch (method) {
      case 'getMe':
        return ok(res, botUser);
      case 'getUpdates':
        return ok(res, await getUpdates(payload, res));
      case 'sendMessage':
      case 'editMessageText': {
        remember(payload['reply_markup']);
        const chatId = Number(payload['chat_id']);
        const html = String(payload['text'] ?? '');
        let text: string;
        try {
          text = payload['parse_mode'] === 'HTML' ? parseTelegramHtml(html) : html;
        } catch (error) {
          return fail(res, 400, `Bad Request: can't parse entities: ${(error as Error).message}`);
        }
        if (text.trim() === '') return fail(res, 400, 'Bad Request: message text is empty');
        if (text.length > 4096) return fail(res, 400, 'Bad Request: message is too long');
        if (method === 'sendMessage') {
          const sent: BotMessage = { messageId: nextMessageId++, chatId, text, html, versions: [text], replyMarkup: payload['reply_markup'] };
          messages.push(sent);
          entry(chatId).push({ kind: 'bot', text, ref: sent });
          return ok(res, { message_id: sent.messageId, from: botUser, chat: { id: chatId, type: chatId > 0 ? 'private' : 'group' }, date: Math.floor(Date.now() / 1000), text });
        }
        const target = messages.find((m) => m.chatId === chatId && m.messageId === Number(payload['message_id']));
        if (!target) return fail(res, 400, 'Bad Request: message to edit not found');
        if (target.html === html && JSON.stringify(target.replyMarkup ?? null) === JSON.stringify(payload['reply_markup'] ?? null)) {
          return fail(res, 400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
        }
        target.text = text;
        target.html = html;
        target.versions.push(text);
        Object.assign(target, { replyMarkup: payload['reply_markup'] });
        return ok(res, { message_id: target.messageId, chat: { id: chatId }, date: Math.floor(Date.now() / 1000), text });
      }
      case 'answerCallbackQuery':
        callbackAnswers.push({ callbackQueryId: String(payload['callback_query_id']), text: String(payload['text'] ?? '') });
        entry(pressChats.get(String(payload['callback_query_id'])) ?? 0).push({ kind: 'popup', text: String(payload['text'] ?? '') });
        return ok(res, true);
      default:
        return fail(res, 404, 'Not Found: method not found');
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      const method = match?.[2] ?? '';
      if (!match || match[1] !== token) {
        calls.push({ method, payload: {}, status: 401 });
        fail(res, 401, 'Unauthorized');
        return;
      }
      let payload: Record<string, unknown> = {};
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        if (body !== '') payload = JSON.parse(body) as Record<string, unknown>;
      } catch {
        calls.push({ method, payload: {}, status: 400 });
        fail(res, 400, 'Bad Request: invalid JSON');
        return;
      }
      handle(method, payload, res).then(
        (status) => calls.push({ method, payload, status }),
        (error: unknown) => {
          calls.push({ method, payload, status: 500 });
          fail(res, 500, `Internal Server Error: ${String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    callbackAnswers,
    userSays(user, text) {
      entry(user.id).push({ kind: 'user', text });
      push({ message: message(user, { id: user.id, type: 'private' }, text) });
    },
    userSaysInGroup(user, groupId, text) {
      entry(groupId).push({ kind: 'user', text });
      push({ message: message(user, { id: groupId, type: 'group' }, text) });
    },
    press(user, target, data) {
      const id = String(nextCallbackId++);
      const label = labels.get(data);
      pressChats.set(id, target.chatId);
      entry(target.chatId).push({ kind: 'user', text: `[${from(user)} taps ${label ? `"${label}"` : `a forged button ${data}`}]` });
      push({
        callback_query: {
          id,
          from: { ...user, is_bot: false },
          chat_instance: `instance-${target.chatId}`,
          data,
          message: { message_id: target.messageId, chat: { id: target.chatId, type: target.chatId > 0 ? 'private' : 'group' }, date: 0, text: target.text },
        },
      });
      return id;
    },
    failNext(method, status, failOptions = {}) {
      const description = status === 429 ? `Too Many Requests: retry after ${failOptions.retryAfter ?? 1}` : status === 409 ? 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' : 'Error';
      for (let n = 0; n < (failOptions.count ?? 1); n += 1) {
        failures.push({ method, status, description, ...(status === 429 ? { retryAfter: failOptions.retryAfter ?? 1 } : {}) });
      }
    },
    messagesIn: (chatId) => messages.filter((m) => m.chatId === chatId),
    transcript(chatId) {
      return (timeline.get(chatId) ?? [])
        .map((line) => {
          if (line.kind === 'user') return `user> ${line.text}`;
          if (line.kind === 'popup') return `popup> ${line.text}`;
          return `bot>  ${(line.ref?.text ?? line.text).replace(/\n/g, '\n      ')}`;
        })
        .join('\n');
    },
    pollsWaiting: () => waiters.size,
    async close() {
      for (const wake of [...waiters]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function from(user: FakeUser): string {
  return `${user.first_name} (${user.id})`;
}

function send(res: ServerResponse, status: number, body: unknown): number {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  res.end(data);
  return status;
}
