import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { jsonLines, repoRoot, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

/*
 * The web UI in a real headless Chromium, against the real daemon (parapet start → engine →
 * sandboxed agent) and the scripted OpenAI-compatible model.
 */

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(repoRoot, 'test-results', 'web');
const STREAMED_ANSWER =
  'Here is a **long** answer that arrives a few characters at a time, so the page shows it growing token by token before it is complete.';
const SLOW_MS = 3000;
/** The agent's profile: a write to it shapes every later prompt, so the Shield asks a human (tier 3). */
const USER_MD = '# User\n\nAna.\n';
const DOOMED = 'kept by the chronicle\n';

/** A turn whose one write of USER.md waits for a human; the content names the test. */
const userMdPlan = (content: string): Plan => ({ calls: [{ name: 'write_file', arguments: { path: 'USER.md', content } }], answer: () => 'USER.md turn over.' });

const plans: Record<string, Plan> = {
  'write notes': { calls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'hello from the browser' } }], answer: () => 'Wrote notes.txt.' },
  'delete outside': { calls: [{ name: 'delete_file', arguments: { path: '/etc/hostname' } }], answer: () => 'That was refused.' },
  'edit user, approve in browser': userMdPlan('approved in the browser\n'),
  'edit user, deny in browser': userMdPlan('denied in the browser\n'),
  'edit user, answer from the cli': userMdPlan('approved from the cli\n'),
  'delete doomed': { calls: [{ name: 'delete_file', arguments: { path: 'doomed.txt' } }], answer: () => 'Deleted doomed.txt.' },
  'slow write': { delayMs: SLOW_MS, calls: [{ name: 'write_file', arguments: { path: 'stopped.txt', content: 'never' } }], answer: () => 'Written.' },
};

function lastUserText(request: Parameters<ReturnType<typeof plannedModel>>[0]): string {
  const user = request.messages.filter((message) => message.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : '';
}

/** The provider's error text, as it could come from anyone's server: it must reach the page as text. */
const OVERLOADED = 'overloaded <b>now</b> <img src=x>';
/** Messages starting with this fail their first model call once (a 503), then get an answer. */
const FLAKY = 'flaky:';
const failedOnce = new Set<string>();

function flakyReply(text: string): ScriptedReply {
  if (failedOnce.has(text)) return { text: 'Answered on the second try.' };
  failedOnce.add(text);
  return { error: { status: 503, message: OVERLOADED, type: 'server_error' } };
}

/** The engine runs at most this many tool calls of one model reply (agent.max_tool_calls_per_reply). */
const CALLS_PER_REPLY = 1;
const CAPPED_FILES = ['capped-1.txt', 'capped-2.txt', 'capped-3.txt'];

/** Loads the files group, then proposes three writes in one reply, then answers. */
function threeWritesInOneReply(request: ChatRequest): ScriptedReply {
  const offered = new Set((request.tools ?? []).map((tool) => tool.function.name));
  if (!offered.has('write_file')) return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] };
  const thisTurn = request.messages.slice(request.messages.map((message) => message.role).lastIndexOf('user') + 1);
  if (thisTurn.some((message) => message.tool_calls?.some((call) => call.function.name === 'write_file'))) return { text: 'One reply, three writes.' };
  return { toolCalls: CAPPED_FILES.map((path) => ({ name: 'write_file', arguments: { path, content: 'capped' } })) };
}

let model: ScriptedModel;
let parapet: RunningParapet;
let context: BrowserContext;
let profile: string;
let origin: string;
const planned = plannedModel((text) => plans[text] ?? { answer: () => `You said: ${text}` });

async function loginLink(): Promise<string> {
  const result = await parapet.cli(['web']);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function loggedInPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(await loginLink());
  await page.getByRole('button', { name: '+ New conversation' }).waitFor();
  return page;
}

const userMd = (): string => readFileSync(join(parapet.workspace, 'USER.md'), 'utf8');

/** The `APPROVAL_*` audit rows of one approval, oldest first. */
function approvalAudit(approvalId: string): { kind: string; data: Record<string, unknown> }[] {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT kind, data FROM audit WHERE kind LIKE 'APPROVAL_%' ORDER BY seq").all() as { kind: string; data: string }[];
    return rows.map((row) => ({ kind: row.kind, data: JSON.parse(row.data) as Record<string, unknown> })).filter((row) => row.data['approvalId'] === approvalId);
  } finally {
    db.close();
  }
}

/** Sends `text` in a new conversation and waits for the approval card its write brings. */
async function askForApproval(page: Page, text: string) {
  await page.getByLabel('Message').fill(text);
  await page.keyboard.press('Enter');
  const card = page.getByTestId('approval-card');
  await card.waitFor({ timeout: 20_000 });
  const id = ((await card.getAttribute('aria-label')) ?? '').replace('Approval ', '');
  expect(id).toMatch(/\w+/);
  return { card, id };
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  model = await startScriptedModel({
    respond: (request): ScriptedReply => {
      const text = lastUserText(request);
      if (text === 'stream please') return { text: STREAMED_ANSWER, chunkChars: 4, chunkDelayMs: 60 };
      if (text.startsWith(FLAKY)) return flakyReply(text);
      if (text === 'three writes in one reply') return threeWritesInOneReply(request);
      return planned(request);
    },
  });
  parapet = await startParapet({ llmUrl: model.url, config: `web:\n  port: 0\nagent:\n  max_tool_calls_per_reply: ${CALLS_PER_REPLY}\n` });
  writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
  origin = new URL(await loginLink()).origin;
  profile = mkdtempSync(join(tmpdir(), 'parapet-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

describe('the web UI in a real browser', () => {
  it('`parapet start` prints a login link, and a link logs a browser in once; used again, the page says how to get a new one', async () => {
    expect(parapet.managerOutput()).toMatch(/parapet: web UI: http:\/\/127\.0\.0\.1:\d+\/#login=[\w-]{43} /);
    const link = await loginLink();
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('button', { name: '+ New conversation' }).waitFor();
    expect(page.url()).toBe(`${origin}/`); // the token left the address bar
    const cookies = await context.cookies(origin);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    const again = await context.newPage();
    await context.clearCookies();
    await again.goto(link);
    await again.getByTestId('login-problem').waitFor();
    expect(await again.getByTestId('login-problem').innerText()).toMatch(/used or has expired[\s\S]*npx parapet web/);
    await screenshot(again, 'login-link-used');
    await page.close();
    await again.close();
  });

  it('streams the answer into the page token by token, then shows it whole and rendered', async () => {
    const page = await loggedInPage();
    await page.getByLabel('Message').fill('stream please');
    await page.keyboard.press('Enter');
    const streaming = page.locator('.message.assistant.streaming');
    await streaming.waitFor();
    const partial = await waitFor('part of the answer on screen', async () => {
      const text = (await streaming.innerText().catch(() => '')).trim();
      return text.length > 10 ? text : undefined;
    });
    // Seen while still being written: a beginning of the answer, not all of it.
    expect(partial.length).toBeLessThan(STREAMED_ANSWER.length - 10);
    expect(STREAMED_ANSWER.replace(/\*\*/g, '').startsWith(partial.replace(/▍$/, '').trim())).toBe(true);
    const done = page.locator('.message.assistant:not(.streaming)').last();
    await expect.poll(() => done.innerText(), { timeout: 20_000 }).toBe(STREAMED_ANSWER.replace(/\*\*/g, ''));
    expect(await done.locator('strong').innerText()).toBe('long');
    await screenshot(page, 'chat');
    // The new session is listed, titled, and selected.
    await expect.poll(() => page.locator('.sessions li button.current').count()).toBe(1);
    await page.close();
  });

  it('renames and deletes the selected session from the sessions list, through the same calls as the CLI', async () => {
    const page = await loggedInPage();
    await page.getByLabel('Message').fill('a session to rename');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant:not(.streaming)').last().innerText(), { timeout: 20_000 }).toBe('You said: a session to rename');
    const current = page.locator('.sessions li button.current');
    await expect.poll(() => current.count()).toBe(1);

    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByLabel('New title').fill('Renamed in the browser');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => current.locator('.title').innerText()).toBe('Renamed in the browser');
    const listed = async (): Promise<{ id: string; title: string }[]> => JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { id: string; title: string }[];
    const renamed = (await listed()).find((session) => session.title === 'Renamed in the browser');
    expect(renamed).toBeDefined();

    await page.getByRole('button', { name: 'Delete…', exact: true }).click();
    await screenshot(page, 'session-delete-confirm');
    await page.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.locator('.sessions .title', { hasText: 'Renamed in the browser' }).count()).toBe(0);
    expect((await listed()).some((session) => session.id === renamed?.id)).toBe(false);
    await page.close();
  });

  it('shows each action with its arguments, the Shield verdict and the result; collapses them on request', async () => {
    const page = await loggedInPage();
    await page.getByLabel('Message').fill('write notes');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('Wrote notes.txt.');
    const write = page.getByTestId('action').filter({ hasText: 'write_file' });
    expect(await write.locator('.badge').innerText()).toBe('ALLOW');
    expect(await write.locator('.arguments').innerText()).toContain('"path": "notes.txt"');
    expect(await write.getByTestId('verdict').innerText()).toMatch(/ALLOW at tier \d · [\d.]+ ms/);
    expect(await write.locator('.outcome').innerText()).toBe('done');
    expect(existsSync(join(parapet.workspace, 'notes.txt'))).toBe(true);

    // The turn's stream has ended once Stop gave way to Send again.
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.getByLabel('Message').fill('delete outside');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('That was refused.');
    const refused = page.getByTestId('action').filter({ hasText: 'delete_file' });
    expect(await refused.locator('.outcome').innerText()).toMatch(/refused or failed \(PATH_OUTSIDE_WORKSPACE\)/);
    expect(await refused.locator('.badge').innerText()).toBe('REFUSED');
    expect(existsSync('/etc/hostname')).toBe(true);
    await screenshot(page, 'actions');

    await page.getByLabel('Collapse tool calls').check();
    expect(await write.evaluate((element) => (element as unknown as { open: boolean }).open)).toBe(false);
    expect(await write.locator('.action-summary').isVisible()).toBe(true);
    expect(await write.locator('.arguments').isVisible()).toBe(false);
    await screenshot(page, 'actions-collapsed');
    await page.close();
  });

  it('a model call retried after a failure is told as a quiet notice before the answer, in the CLI\'s words, never as HTML', async () => {
    const page = await loggedInPage();
    await page.getByLabel('Message').fill(`${FLAKY} from the browser`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('Answered on the second try.');
    const notice = page.getByTestId('turn-notice');
    expect(await notice.count()).toBe(1);
    const said = await notice.innerText();
    expect(said).toMatch(/^model scripted-test-model failed: .*overloaded <b>now<\/b> <img src=x>.*; retry 1 of 3 in 500 ms$/);
    // The provider's markup stayed text: no element came of it.
    expect(await page.getByTestId('messages').locator('b, img').count()).toBe(0);
    // Said about the turn, in its place: after the question, before the answer, not as the assistant.
    const order = await page
      .getByTestId('messages')
      .locator(':scope > *')
      .evaluateAll((elements) => elements.map((element) => (element as unknown as { className: string }).className.trim()));
    expect(order.filter((name) => name !== '')).toEqual(['message user', 'notice', 'message assistant']);

    // The CLI tells the same retry in the same words.
    const cli = await parapet.cli(['send', `${FLAKY} from the cli`]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr.split('\n')).toContain(`(${said})`);
    await screenshot(page, 'notice-retry');
    await page.close();
  });

  it('a reply over agent.max_tool_calls_per_reply: its first call runs, each refused one has its own card with the engine\'s reason', async () => {
    const page = await loggedInPage();
    await page.getByLabel('Message').fill('three writes in one reply');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('One reply, three writes.');
    const writes = page.getByTestId('action').filter({ hasText: 'write_file' });
    expect(await writes.count()).toBe(CAPPED_FILES.length);
    const refused = writes.filter({ hasText: 'TOOL_CALL_LIMIT' });
    expect(await refused.locator('.outcome').allInnerTexts()).toEqual(['refused or failed (TOOL_CALL_LIMIT)', 'refused or failed (TOOL_CALL_LIMIT)']);
    expect(await refused.locator('.output').allInnerTexts()).toEqual([
      `[TOOL_CALL_LIMIT] only ${CALLS_PER_REPLY} tool calls of one reply run; call 2 was refused`,
      `[TOOL_CALL_LIMIT] only ${CALLS_PER_REPLY} tool calls of one reply run; call 3 was refused`,
    ]);
    expect(await writes.filter({ hasNotText: 'TOOL_CALL_LIMIT' }).locator('.outcome').innerText()).toBe('done');
    expect(CAPPED_FILES.map((file) => existsSync(join(parapet.workspace, file)))).toEqual([true, false, false]);
    await screenshot(page, 'tool-call-cap');
    await page.close();
  });

  it('Stop cancels the running turn in the engine: the write the model proposes afterwards never runs', async () => {
    const page = await loggedInPage();
    const before = model.requests.length;
    await page.getByLabel('Message').fill('slow write');
    await page.keyboard.press('Enter');
    await waitFor('the model request', async () => (model.requests.length > before ? true : undefined));
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.getByTestId('turn-error').last().innerText()).toContain('TURN_CANCELLED');
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // Past the model's delay the cancelled turn would have proposed its write.
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 1000));
    expect(existsSync(join(parapet.workspace, 'stopped.txt'))).toBe(false);
    const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    try {
      const turn = db.prepare("SELECT t.status FROM turns t JOIN messages m ON m.turn_id = t.id WHERE m.content = 'slow write'").get() as
        | { status: string }
        | undefined;
      expect(turn?.status).toBe('cancelled');
    } finally {
      db.close();
    }
    await page.close();
  });

  it('an escalated write waits on a card (what, diff, countdown); approved once in the browser, it runs', async () => {
    const page = await loggedInPage();
    const { card, id } = await askForApproval(page, 'edit user, approve in browser');
    expect(await card.getAttribute('data-state')).toBe('pending');
    expect(await card.locator('.approval-summary').innerText()).toContain('USER.md');
    const diff = await card.getByTestId('approval-diff').innerText();
    expect(diff).toContain('- Ana.');
    expect(diff).toContain('+ approved in the browser');
    expect(await card.getByTestId('approval-countdown').innerText()).toMatch(/^\d+:\d\d left$/);
    expect(await page.getByTestId('approvals-waiting').innerText()).toContain('1 waiting');
    expect(userMd()).toBe(USER_MD); // nothing ran while the card waits
    await screenshot(page, 'approval-card');

    await card.getByRole('button', { name: 'Approve once' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('approved');
    expect(await card.getByTestId('approval-ending').innerText()).toBe('Approved once by web browser (web)');
    expect(await card.getByRole('button', { name: 'Approve once' }).count()).toBe(0);
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('USER.md turn over.');
    expect(userMd()).toBe('approved in the browser\n');
    expect(await page.getByTestId('action').filter({ hasText: 'write_file' }).locator('.outcome').innerText()).toBe('done');
    expect(approvalAudit(id).map((row) => row.kind)).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_RESOLVED']);
    expect(approvalAudit(id)[1]?.data).toMatchObject({ state: 'approved', scope: 'once', channel: 'web' });
    expect(await page.getByTestId('approvals-waiting').count()).toBe(0);
    await page.close();
  });

  it('an escalated write denied in the browser does not run', async () => {
    writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
    const page = await loggedInPage();
    const { card, id } = await askForApproval(page, 'edit user, deny in browser');
    await card.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('denied');
    expect(await card.getByTestId('approval-ending').innerText()).toBe('Denied by web browser (web)');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('USER.md turn over.');
    const write = page.getByTestId('action').filter({ hasText: 'write_file' });
    expect(await write.locator('.outcome').innerText()).toMatch(/^refused or failed \(\w+\)$/);
    expect(userMd()).toBe(USER_MD);
    expect(approvalAudit(id)[1]?.data).toMatchObject({ state: 'denied', channel: 'web' });
    await page.close();
  });

  it('an approval answered from the CLI updates the card in the browser', async () => {
    writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
    const page = await loggedInPage();
    const { card, id } = await askForApproval(page, 'edit user, answer from the cli');
    const pending = await parapet.cli(['approvals', '--json']);
    expect(jsonLines<{ id: string }>(pending.stdout).map((approval) => approval.id)).toContain(id);
    const approved = await parapet.cli(['approve', id]);
    expect(approved.code, approved.stderr).toBe(0);
    await expect.poll(() => card.getAttribute('data-state')).toBe('approved');
    expect(await card.getByTestId('approval-ending').innerText()).toMatch(/^Approved once by .+ \(cli\)$/);
    expect(await card.getByRole('button', { name: 'Deny' }).count()).toBe(0);
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('USER.md turn over.');
    expect(userMd()).toBe('approved from the cli\n');
    await screenshot(page, 'approval-answered-from-cli');
    await page.close();
  });

  it('chronicle view: a file the agent deleted is shown in the snapshot\'s diff and rolled back after a confirmation', async () => {
    const doomed = join(parapet.workspace, 'doomed.txt');
    writeFileSync(doomed, DOOMED);
    const page = await loggedInPage();
    await page.getByLabel('Message').fill('delete doomed');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message.assistant').last().innerText(), { timeout: 20_000 }).toBe('Deleted doomed.txt.');
    expect(existsSync(doomed)).toBe(false);

    await page.keyboard.press('Alt+5');
    const snapshot = page.getByTestId('snapshots').getByRole('button').filter({ hasText: 'delete_file' }).filter({ hasText: 'doomed.txt' });
    await snapshot.first().click();
    const diff = page.getByTestId('chronicle-diff');
    await diff.waitFor();
    expect(await diff.innerText()).toContain('-kept by the chronicle');
    await page.getByRole('button', { name: 'Roll back…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm rollback' });
    expect(await confirm.innerText()).toContain('doomed.txt');
    expect(existsSync(doomed)).toBe(false); // asking is not doing
    await screenshot(page, 'chronicle');
    await confirm.getByRole('button', { name: 'Yes, roll back' }).click();
    const result = page.getByTestId('rollback-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('Restored: doomed.txt');
    expect(readFileSync(doomed, 'utf8')).toBe(DOOMED);
    await expect.poll(() => page.getByTestId('snapshot-detail').innerText()).toContain('The workspace matches this snapshot');
    await screenshot(page, 'chronicle-rolled-back');
    await page.close();
  });

  it('audit view verifies the chain (intact) and lists it filtered; Shield dashboard charts the verdicts; status shows the processes', async () => {
    // At least one verdict to list and chart, whichever tests ran before.
    const acted = await parapet.cli(['send', 'write notes']);
    expect(acted.code, acted.stderr).toBe(0);
    const page = await loggedInPage();
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: 'Verify' }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/^Intact: \d+ rows, every hash matches\.$/);
    // The chain itself, filtered by kind: the verdicts of the earlier tests' actions.
    await page.getByLabel('Kind').selectOption('EVALUATED');
    const rows = page.getByTestId('audit-rows').locator('tbody tr');
    await expect.poll(() => rows.first().innerText()).toContain('EVALUATED');
    await rows.first().locator('summary').click();
    expect(await rows.first().locator('pre').innerText()).toMatch(/"decision":"(ALLOW|BLOCK|ESCALATE)"/);
    expect(await page.getByTestId('audit-rows').innerText()).not.toContain('PROPOSED');
    await screenshot(page, 'audit');

    await page.keyboard.press('Alt+3');
    const summary = page.getByTestId('shield-summary');
    await summary.waitFor();
    const verdicts = Number(/^(\d+) verdicts/.exec(await summary.innerText())?.[1] ?? '0');
    expect(verdicts).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.locator('.chart canvas').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'shield');

    await page.getByRole('button', { name: 'Status' }).click();
    await page.getByText('Sandbox (').waitFor();
    const status = await parapet.status();
    expect(await page.locator('.status').innerText()).toContain(String(status.agent.pid));
    expect(await page.locator('.status').innerText()).toContain('scripted-test-model');
    await screenshot(page, 'status');
    await page.close();
  });

  it('fits a phone-width screen without sideways scrolling', async () => {
    const page = await loggedInPage();
    await page.setViewportSize({ width: 390, height: 800 });
    // Runs in the page: its globals are the browser's.
    const fits = await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
    expect(fits).toBe(true);
    expect(await page.getByLabel('Message').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sessions' }).click();
    expect(await page.getByRole('button', { name: '+ New conversation' }).isVisible()).toBe(true);
    await screenshot(page, 'phone');
    await page.close();
  });
});

function getStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

/** Opens a WebSocket as any program could; resolves with the HTTP status of the answer (101 = accepted). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', (error) => reject(error));
  });
}

describe('the web server refuses what is not our own logged-in page', () => {
  it('refuses an upgrade without the cookie, with a wrong one, from another origin and under another Host name', async () => {
    const cookie = (await context.cookies(origin))[0];
    expect(cookie).toBeDefined();
    const good = `${cookie?.name}=${cookie?.value}`;
    const ws = `${origin.replace('http', 'ws')}/api/ws`;
    const host = new URL(origin).host;
    // The control: our page's origin with the cookie is let in, so each refusal below is about its one difference.
    expect(await upgradeStatus(ws, { Origin: origin, Cookie: good })).toBe(101);
    expect(await upgradeStatus(ws, { Origin: origin })).toBe(401);
    expect(await upgradeStatus(ws, { Origin: origin, Cookie: `${cookie?.name}=${'A'.repeat(43)}` })).toBe(401);
    expect(await upgradeStatus(ws, { Origin: 'http://evil.example', Cookie: good })).toBe(403);
    expect(await upgradeStatus(ws, { Cookie: good })).toBe(403);
    expect(await upgradeStatus(ws, { Origin: origin, Cookie: good, Host: `evil.example:${new URL(origin).port}` })).toBe(421);

    // DNS rebinding: a page served under another name that resolves to us gets nothing.
    expect(await getStatus(`${origin}/`, { Host: `evil.example:${new URL(origin).port}` })).toBe(421);
    expect(await getStatus(`${origin}/`, { Host: host })).toBe(200);
    const page = await fetch(`${origin}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('a Watch frame streams a session\'s events of a turn another client started, as canonical proto3 JSON', async () => {
    const cookie = (await context.cookies(origin))[0];
    const first = await parapet.cli(['send', '--json', 'first words']);
    const sessionId = (JSON.parse(first.stdout.split('\n')[0] ?? '{}') as { sessionId: string }).sessionId;
    expect(sessionId).toMatch(/\w+/);
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/ws`, { headers: { Origin: origin, Cookie: `${cookie?.name}=${cookie?.value}` } });
    const frames: { id: number; event?: Record<string, unknown>; response?: unknown }[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ id: 1, call: 'Watch', request: { sessionId } }));
    socket.send(JSON.stringify({ id: 2, call: 'GetStatus', request: {} }));
    await waitFor('the status answer', async () => (frames.some((frame) => frame.id === 2) ? true : undefined));
    const second = await parapet.cli(['send', '--session', sessionId, 'watched words']);
    expect(second.code, second.stderr).toBe(0);
    const complete = await waitFor('the watched answer', async () => frames.find((frame) => frame.id === 1 && frame.event?.['responseComplete']));
    expect(complete.event).toMatchObject({ sessionId, responseComplete: { content: 'You said: watched words' } });
    expect(typeof complete.event?.['seq']).toBe('string'); // int64 in proto3 JSON
    expect(frames.some((frame) => frame.id === 1 && frame.event?.['llmToken'])).toBe(true);
    socket.close();
  });

  it('an approval answered over the socket is the web channel\'s, whatever the frame claims', async () => {
    writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
    const cookie = (await context.cookies(origin))[0];
    const pending = async () => jsonLines<{ id: string; actionHash: string }>((await parapet.cli(['approvals', '--json'])).stdout);
    const before = new Set((await pending()).map((entry) => entry.id));
    const turn = parapet.spawnCli(['send', 'edit user, deny in browser']);
    const turnDone = new Promise((resolve) => turn.on('close', resolve));
    const approval = await waitFor('the pending approval', async () => (await pending()).find((entry) => !before.has(entry.id)));
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/ws`, { headers: { Origin: origin, Cookie: `${cookie?.name}=${cookie?.value}` } });
    const frames: { id: number; response?: { approval?: Record<string, unknown> }; error?: unknown }[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    const request = { approvalId: approval.id, actionHash: approval.actionHash, decision: 'deny', channel: 'telegram', answeredBy: 'someone else' };
    socket.send(JSON.stringify({ id: 1, call: 'ResolveApproval', request }));
    const answer = await waitFor('the answer', async () => frames.find((frame) => frame.id === 1));
    expect(answer.error).toBeUndefined();
    expect(answer.response?.approval).toMatchObject({ id: approval.id, state: 'denied', channel: 'web', answeredBy: 'web browser' });
    socket.close();
    await turnDone;
    expect(userMd()).toBe(USER_MD);
  });

  it('a cross-site page in the browser cannot use the session', async () => {
    const page = await context.newPage();
    await page.goto('about:blank');
    // Runs in the page (origin "null"): its globals are the browser's.
    const outcome = await page.evaluate(`new Promise((resolve) => {
      const socket = new WebSocket(${JSON.stringify(`${origin.replace('http', 'ws')}/api/ws`)});
      socket.onopen = () => resolve('open');
      socket.onerror = () => resolve('refused');
    })`);
    expect(outcome).toBe('refused');
    await page.close();
  });

  it('rate-limits failed logins: after five wrong tokens even a good link waits', async () => {
    const login = (token: string): Promise<Response> =>
      fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', Origin: origin }, body: JSON.stringify({ token }) });
    // Taken first, so the good login follows the wrong ones at once.
    const good = new URL(await loginLink()).hash.replace('#login=', '');
    // The reused link of the first test counted as one failure too, if that was less than a minute ago:
    // the fifth or the sixth wrong token finds logins paused.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await login(`wrong-${attempt}`)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    const limited = await login(good);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('WEB_LOGIN_RATE_LIMITED');
  });
});
