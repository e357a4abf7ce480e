import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

interface EventLine {
  type: string;
  sessionId: string;
  [key: string]: unknown;
}

// Secrets no key name gives away, and one the user pastes into a message.
const AWS_BARE = 'Zq3Vx8Lm2Nc7Rt5Wk9Pd4Hs6Jf1Gb0Ty2Ue8Io3K';
const STRIPE_SECRET = 'sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEfGh';
const STRIPE_RESTRICTED = 'rk_live_51HqLyjWDarjtT1zdp7dcXfQrStUvWx';
const OPENAI_PROJECT = 'sk-proj-Zx81Qw3ErTy6UiOp9AsDfGhJkL0MnBvCxZ';
const SECRETS = [AWS_BARE, STRIPE_SECRET, STRIPE_RESTRICTED, OPENAI_PROJECT];

// Look random or key-like, and must reach the model and the user intact.
const GIT_SHA = '3f2a9c1e0b7d4a6f8e5c2b1a0d9e8f7a6b5c4d3e';
const UUID = '123e4567-e89b-12d3-a456-426614174000';
const BASE64_TEXT = 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const ORDINARY = [GIT_SHA, UUID, BASE64_TEXT, LONG_WORD];

const SECRETS_FILE = [
  `commit ${GIT_SHA}`,
  `request id ${UUID}`,
  `encoded ${BASE64_TEXT}`,
  `word ${LONG_WORD}`,
  `backup ${AWS_BARE}`,
  `billing ${STRIPE_SECRET} and ${STRIPE_RESTRICTED}`,
  '',
].join('\n');

const plans: Array<[RegExp, Plan]> = [
  [
    /^read billing/,
    {
      calls: [
        { name: 'read_file', arguments: { path: 'billing-notes.txt' } },
        { name: 'write_file', arguments: { path: 'copy.txt', content: `key ${AWS_BARE}` } },
      ],
      // The scripted model leaks a key in its own words too.
      answer: (results) => `Here it is: ${results.join(' | ')} (also ${STRIPE_RESTRICTED})`,
    },
  ],
  [/^probe/, { calls: [{ name: 'search_files', arguments: { pattern: '/ghp_.{4}C/', path: '.' } }], answer: (results) => results.join(' | ') }],
];

function respond(request: ChatRequest): ScriptedReply {
  const last = request.messages.filter((m) => m.role === 'user').at(-1);
  if (typeof last?.content === 'string' && last.content.startsWith('fail')) {
    return { error: { status: 400, message: `invalid request: unknown key ${STRIPE_SECRET}`, type: 'invalid_request_error' } };
  }
  return plannedModel((text) => plans.find(([pattern]) => pattern.test(text))?.[1] ?? { answer: () => `You said: ${text}` })(request);
}

let model: ScriptedModel;
let parapet: RunningParapet;
let firstTurn: EventLine[] = [];
let sessionId = '';

function dumpTables(): string {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    return ['sessions', 'messages', 'actions', 'audit'].map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all())).join('\n');
  } finally {
    db.close();
  }
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${where} holds ${secret.slice(0, 8)}…`).toBe(false);
}

beforeAll(async () => {
  model = await startScriptedModel({ respond });
  parapet = await startParapet({ llmUrl: model.url });
  writeFileSync(join(parapet.workspace, 'billing-notes.txt'), SECRETS_FILE);
  const result = await parapet.cli(['send', '--json', `read billing-notes.txt; my OpenAI key is ${OPENAI_PROJECT}`]);
  expect(result.code, result.stderr).toBe(0);
  firstTurn = jsonLines<EventLine>(result.stdout);
  sessionId = firstTurn[0]?.sessionId ?? '';
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

describe('secrets never leave the engine', () => {
  it('reach the model as [REDACTED] in tool results, its own request and the user message, ordinary values intact', () => {
    const sent = JSON.stringify(model.requests.map((r) => r.body));
    expectNoSecret('model requests', sent);
    const toolResults = model.requests.flatMap((r) => (r.body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content)));
    const read = toolResults.find((content) => content.includes('commit'));
    for (const value of ORDINARY) expect(read).toContain(value);
    expect(read).toContain('backup [REDACTED]');
    expect(read).toContain('billing [REDACTED] and [REDACTED]');
    expect(sent).toContain('my OpenAI key is [REDACTED]');
  });

  it('are redacted in the events of the turn, and ordinary values stay', () => {
    expectNoSecret('events', JSON.stringify(firstTurn));
    const completed = firstTurn.filter((e) => e.type === 'action_completed');
    expect(completed.map((e) => e.isError)).toEqual([false, false]);
    for (const value of ORDINARY) expect(String(completed[0]?.output)).toContain(value);
    const started = firstTurn.filter((e) => e.type === 'action_started').map((e) => String(e.argumentsJson));
    expect(started[1]).toContain('[REDACTED]');
    expect(String(firstTurn.at(-1)?.content)).toContain('(also [REDACTED])');
  });

  it('titles the session without the key, in session_created and in ListSessions', async () => {
    const created = firstTurn.find((e) => e.type === 'session_created');
    expect(created?.title).toBe('read billing-notes.txt; my OpenAI key is [REDACTED]');
    const sessions = await parapet.cli(['sessions', '--json']);
    expect(sessions.code, sessions.stderr).toBe(0);
    expectNoSecret('ListSessions', sessions.stdout);
    expect(sessions.stdout).toContain('my OpenAI key is [REDACTED]');
  });

  it('are stored redacted: messages, actions, audit and the history a client reads back', async () => {
    const tables = dumpTables();
    expectNoSecret('database', tables);
    for (const value of ORDINARY) expect(tables).toContain(value);
    const history = await parapet.cli(['history', sessionId, '--json']);
    expect(history.code, history.stderr).toBe(0);
    expectNoSecret('history', history.stdout);
    expect(history.stdout).toContain('my OpenAI key is [REDACTED]');
  });

  it('are redacted in the engine log, also when a provider error quotes one', async () => {
    const result = await parapet.cli(['send', '--json', 'fail now']);
    expectNoSecret('failed turn events', result.stdout);
    expect(jsonLines<EventLine>(result.stdout).some((e) => e.type === 'error')).toBe(true);
    const logs = parapet.logs();
    expect(logs).toContain('model call failed');
    expectNoSecret('engine log', logs);
  });

  it('cannot be probed through search_files: a pattern gets the same answer whatever the token is', async () => {
    const answers: string[] = [];
    for (const token of ['ghp_abcdCfghijklmnopqrstuvwxyz0123456789', 'ghp_ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210']) {
      writeFileSync(join(parapet.workspace, 'ci.env'), `GITHUB_TOKEN_BACKUP ${token}\n`);
      const result = await parapet.cli(['send', '--json', 'probe the token']);
      expect(result.code, result.stderr).toBe(0);
      const completed = jsonLines<EventLine>(result.stdout).find((e) => e.type === 'action_completed');
      expect(completed?.isError).toBe(false);
      answers.push(String(completed?.output));
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain('0 matches');
  });
});
