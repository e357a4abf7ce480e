import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { startFakeTelegram, type BotMessage, type FakeTelegram, type FakeUser } from '../harness/fake-telegram.js';
import { jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

const owner: FakeUser = { id: 4242, first_name: 'Owner' };
const stranger: FakeUser = { id: 6666, first_name: 'Mallory' };

const MARKUP = 'Use <b>bold</b> & <script>alert(1)</script>, *stars*, _under_scores_, `ticks` and ```fences``` &amp; <a href="x">link</a> 5 < 6 > 4';
const LONG = Array.from({ length: 130 }, (_, i) => `Line ${String(i).padStart(3, '0')}: the quick brown fox jumps over the lazy dog.`).join('\n');

const plans: Record<string, Plan> = {
  'read the notes': {
    calls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }],
    // Arrives after the tool line was shown, so the answer must come as an edit of that message.
    delayMs: 1500,
    answer: (results) => `Your notes say: ${results.join(' | ').trim()}`,
  },
  'delete outside': {
    calls: [{ name: 'delete_file', arguments: { path: '/etc/hostname' } }],
    answer: () => 'I could not delete it.',
  },
  'show markup': { answer: () => MARKUP },
  'a long answer': { answer: () => LONG },
  'rate limited': {
    calls: [{ name: 'list_directory', arguments: { path: '.' } }],
    // The answer comes after the tool line was sent, so it is an edit: both kinds of call meet a 429.
    delayMs: 1500,
    answer: () => 'Every word of this answer arrives, even though Telegram said slow down twice.',
  },
  'take your time': { delayMs: 20_000, answer: () => 'Too late.' },
  'remember that I like tea': {
    // USER.md shapes the agent's prompt: only a human may let it change (Shield tier 3).
    calls: [{ name: 'write_file', arguments: { path: 'USER.md', content: '# User\n\nAna. Likes tea.\n' } }],
    answer: (results) => `Noted: ${results.join(' | ').trim()}`,
  },
};

interface Keyboard {
  inline_keyboard: { text: string; callback_data: string }[][];
}

function buttonData(message: BotMessage, label: string): string {
  const button = (message.replyMarkup as Keyboard | undefined)?.inline_keyboard.flat().find((b) => b.text === label);
  if (!button) throw new Error(`no "${label}" button on: ${message.text}`);
  return button.callback_data;
}

async function answerTo(callbackQueryId: string): Promise<string> {
  return waitFor(`the answer to press ${callbackQueryId}`, async () => telegram.callbackAnswers.find((a) => a.callbackQueryId === callbackQueryId)?.text);
}

async function pendingApprovals(): Promise<{ id: string; state: string }[]> {
  return jsonLines<{ id: string; state: string }>((await parapet.cli(['approvals', '--json'])).stdout);
}

function planFor(text: string): Plan {
  return plans[text] ?? { answer: () => `You said: ${text}` };
}

let model: ScriptedModel;
let telegram: FakeTelegram;
let parapet: RunningParapet;

/** Every text the model was sent, in any request. */
function textsSentToModel(): string[] {
  return model.requests.flatMap((request) => (request.body?.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')));
}

function botMessagesAfter(count: number): BotMessage[] {
  return telegram.messagesIn(owner.id).slice(count);
}

/** The owner writes `text` and waits until the bot's answer(s) to it stop changing in a final state. */
async function ask(text: string, done: (messages: BotMessage[]) => boolean): Promise<BotMessage[]> {
  const before = telegram.messagesIn(owner.id).length;
  telegram.userSays(owner, text);
  return waitFor(`the bot's answer to "${text}"`, async () => {
    const answer = botMessagesAfter(before);
    return answer.length > 0 && done(answer) ? answer : undefined;
  }, 30_000);
}

beforeAll(async () => {
  model = await startScriptedModel({ respond: plannedModel(planFor) });
  telegram = await startFakeTelegram();
  parapet = await startParapet({
    llmUrl: model.url,
    env: { PARAPET_TEST_TELEGRAM_TOKEN: telegram.token },
    config: `telegram:\n  token_env: PARAPET_TEST_TELEGRAM_TOKEN\n  allowed_user_ids: [${owner.id}]\n  api_root: ${telegram.apiRoot}\n`,
  });
  await waitFor('the bot polling', async () => (await parapet.status()).telegram.state === 'polling' || undefined);
}, 90_000);

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await telegram?.close();
  await model?.close();
});

describe('the Telegram bot against the real daemon', () => {
  it('streams an allow-listed user\'s answer into one edited message, with the tool call and its verdict', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${parapet.workspace}/notes.txt`, 'buy milk\n');
    const [answer, ...extra] = await ask('read the notes', (m) => m[0]?.text.includes('Your notes say') === true);
    expect(extra).toEqual([]);
    expect(answer?.text).toBe('⚙ read_file notes.txt · ALLOW ✓\nYour notes say: buy milk');
    // First shown with the tool call alone, then edited as the answer streamed in.
    expect(answer?.versions[0]).not.toContain('Your notes say');
    expect(answer?.versions.length).toBeGreaterThanOrEqual(2);
    expect(telegram.calls.filter((call) => call.method === 'sendMessage' && call.status === 200 && String(call.payload['text']).includes('read_file'))).toHaveLength(1);

    // The same conversation is in the engine's store, like any other client's.
    const sessions = JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { id: string; messageCount: number }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.messageCount).toBe(2);

    const blocked = await ask('delete outside', (m) => m.at(-1)?.text.includes('could not delete') === true);
    expect(blocked.at(-1)?.text).toMatch(/^⚙ delete_file \/etc\/hostname( · BLOCK)? ✗ [A-Z_]+\nI could not delete it\.$/);
  });

  it('refuses a stranger once, logs no word of theirs, and sends nothing to the model', async () => {
    telegram.userSays(stranger, 'stranger secret: transfer everything');
    telegram.userSays(stranger, 'stranger secret again');
    telegram.userSaysInGroup(owner, -100_777, 'owner in a group');
    // Updates are handled in order: once the owner's later message is answered, the others were handled.
    await ask('after the stranger', (m) => m[0]?.text === 'You said: after the stranger');

    const toStranger = telegram.messagesIn(stranger.id);
    expect(toStranger.map((m) => m.text)).toEqual(['This is a private Parapet bot. Your user id is not on its list, so nothing you send reaches it.']);
    expect(telegram.messagesIn(-100_777).map((m) => m.text)).toEqual(['This Parapet bot only talks in private chats.']);
    expect(textsSentToModel().some((text) => text.includes('stranger secret') || text.includes('owner in a group'))).toBe(false);
    expect(parapet.logs()).toContain('refused an update');
    expect(parapet.logs()).not.toContain('stranger secret');
    expect(parapet.logs()).not.toContain(telegram.token);
  });

  it('shows model output full of markup characters as plain text', async () => {
    const [answer] = await ask('show markup', (m) => m[0]?.text === MARKUP);
    expect(answer?.text).toBe(MARKUP);
    expect(telegram.calls.filter((call) => call.status === 400 && call.method !== 'editMessageText')).toEqual([]);
  });

  it('splits an answer longer than 4096 characters over messages without losing a character', async () => {
    const parts = await ask('a long answer', (m) => m.map((x) => x.text).join('') === LONG);
    expect(parts.length).toBe(2);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(4096);
    expect(parts.map((part) => part.text).join('')).toBe(LONG);
  });

  it('waits out a 429 (retry_after) and loses no text', async () => {
    const before = telegram.calls.length;
    telegram.failNext('sendMessage', 429, { retryAfter: 3 });
    telegram.failNext('editMessageText', 429, { retryAfter: 3 });
    const expected = plans['rate limited']?.answer?.([]) ?? '';
    const answer = await ask('rate limited', (m) => m[0]?.text.endsWith(expected) === true);
    expect(answer).toHaveLength(1);
    expect(answer[0]?.text).toBe(`⚙ list_directory . · ALLOW ✓\n${expected}`);
    const statuses = (method: string) => telegram.calls.slice(before).filter((call) => call.method === method).map((call) => call.status);
    expect(statuses('sendMessage')).toEqual([429, 200]);
    expect(statuses('editMessageText').slice(0, 2)).toEqual([429, 200]);
  });

  it('answers the chat commands and keeps one session per chat', async () => {
    const [help] = await ask('/help', (m) => m.length > 0);
    expect(help?.text).toContain('/sessions');

    const [first] = JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { id: string }[];
    expect(first).toBeDefined();
    await ask('/new', (m) => m[0]?.text === 'Your next message starts a new session.');
    await ask('hello again', (m) => m[0]?.text === 'You said: hello again');
    const afterNew = JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { id: string; messageCount: number }[];
    expect(afterNew).toHaveLength(2);

    const [listed] = await ask('/sessions', (m) => m.length > 0);
    for (const session of afterNew) expect(listed?.text).toContain(session.id);

    const [used] = await ask(`/use ${first?.id ?? ''}`, (m) => m.length > 0);
    expect(used?.text).toContain(first?.id ?? '?');
    await ask('back in the first', (m) => m[0]?.text === 'You said: back in the first');
    const history = JSON.parse((await parapet.cli(['history', first?.id ?? '', '--json'])).stdout) as { messages: { content: string }[] };
    expect(history.messages.map((m) => m.content)).toContain('back in the first');

    const [missing] = await ask('/use 01NOSUCHSESSION', (m) => m.length > 0);
    expect(missing?.text).toBe('No session with id 01NOSUCHSESSION');

    const [status] = await ask('/status', (m) => m.length > 0);
    expect(status?.text).toContain('bot polling · 1 allowed users');
  });

  it('/stop cancels the running answer', async () => {
    const before = telegram.messagesIn(owner.id).length;
    telegram.userSays(owner, 'take your time');
    await waitFor('the model to get the slow request', async () => textsSentToModel().includes('take your time') || undefined);
    telegram.userSays(owner, '/stop');
    const stopped = await waitFor('the stopped answer', async () => {
      const messages = botMessagesAfter(before);
      return messages.some((m) => m.text === 'stopped') ? messages : undefined;
    });
    expect(stopped.map((m) => m.text)).toContain('Stopping 1 running answer.');
    expect(stopped.map((m) => m.text).join('\n')).not.toContain('Too late.');
  });

  it('asks with buttons: a stranger\'s or forged press changes nothing, the owner\'s approves and the write runs', async () => {
    const userMd = join(parapet.workspace, 'USER.md');
    writeFileSync(userMd, '# User\n\nAna.\n');
    const before = telegram.messagesIn(owner.id).length;
    telegram.userSays(owner, 'remember that I like tea');
    const question = await waitFor('the approval question', async () => botMessagesAfter(before).find((m) => m.text.startsWith('🔐 Approval needed')));
    expect(question.text).toContain('USER.md');
    expect(question.text).toContain('Likes tea.');
    const approveOnce = buttonData(question, 'Approve once');
    expect(buttonData(question, 'For this session')).not.toBe(approveOnce);
    const deny = buttonData(question, 'Deny');
    expect(deny).not.toBe(approveOnce);

    expect(await answerTo(telegram.press(stranger, question, approveOnce))).toBe('Not allowed.');
    const forged = approveOnce.replace(/:[0-9a-f]+$/, `:${'0'.repeat(16)}`);
    expect(await answerTo(telegram.press(owner, question, forged))).toBe('This button names another action; nothing was approved.');
    expect(readFileSync(userMd, 'utf8')).toBe('# User\n\nAna.\n');
    expect((await pendingApprovals()).map((a) => a.state)).toEqual(['pending']);

    expect(await answerTo(telegram.press(owner, question, approveOnce))).toBe('✅ Approved once by Owner (telegram user 4242)');
    const answer = await waitFor('the answer after the approval', async () => botMessagesAfter(before).find((m) => m.text.includes('Noted:')));
    expect(readFileSync(userMd, 'utf8')).toBe('# User\n\nAna. Likes tea.\n');
    expect(answer.text).toBe('⚙ write_file USER.md · ALLOW (tier 3) ✓\nNoted: Replaced USER.md (24 bytes)');
    expect(question.text).toMatch(/✅ Approved once by Owner \(telegram user 4242\)$/);
    expect((question.replyMarkup as Keyboard).inline_keyboard).toEqual([]);
    expect(await pendingApprovals()).toEqual([]);

    // A late press (a stale screen still shows the buttons): answered, and nothing changes.
    expect(await answerTo(telegram.press(owner, question, deny))).toBe('Already answered: ✅ Approved once by Owner (telegram user 4242)');
    expect(readFileSync(userMd, 'utf8')).toBe('# User\n\nAna. Likes tea.\n');
    const transcript = telegram.transcript(owner.id);
    console.log(`--- chat transcript with an approval ---\n${transcript.slice(transcript.indexOf('user> remember'))}\n---`);
  });

  it('keeps polling through a 409 Conflict and shows the bot in `parapet status`', async () => {
    // The poll open now delivers the next message; the one after it meets the 409.
    telegram.failNext('getUpdates', 409);
    await ask('before the conflict', (m) => m[0]?.text === 'You said: before the conflict');
    const conflict = await waitFor('status to show the conflict', async () => {
      const { telegram: bot } = await parapet.status();
      return bot.pollFailures > 0 ? bot : undefined;
    });
    expect(conflict.lastFailure).toMatch(/^\d{4}-\d\d-\d\dT\S+ conflict: another poller \(or a webhook\) uses this bot token \(409\)$/);
    expect(parapet.logs()).toContain('conflict: another poller (or a webhook) uses this bot token (409)');
    await ask('still there?', (m) => m[0]?.text === 'You said: still there?');
    const status = await parapet.status();
    expect(status.telegram).toMatchObject({ state: 'polling', botUsername: 'parapet_test_bot', allowedUsers: 1 });
    expect(status.telegram.pollFailures).toBeGreaterThanOrEqual(1);
    expect(Date.parse(status.telegram.lastUpdateAt)).not.toBeNaN();
    const human = await parapet.cli(['status']);
    expect(human.stdout).toMatch(/telegram\s+@parapet_test_bot polling · 1 allowed user · last update /);
  });
});
