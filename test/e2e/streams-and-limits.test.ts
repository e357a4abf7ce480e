import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { sendMessagePaused } from '../../packages/engine/src/server/paused-client.test-support.js';
import { connectRaw, engineAddress } from '../harness/raw-client.js';
import { jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel } from '../harness/tool-script.js';

interface EventLine {
  type: string;
  sessionId: string;
  seq: number;
  text?: string;
  content?: string;
  role?: string;
  code?: string;
}

const MIB = 1024 * 1024;
/** 20 000 deltas of 7 characters, as the scripted model splits text: a 20 000-token answer. */
const LONG_ANSWER = Array.from({ length: 20_000 }, (_, i) => `t${String(i).padStart(5, '0')} `).join('');
const HUGE_REPLY = 'x'.repeat(20 * MIB);
const MARKER = /\[… cut by Parapet: this text was 20971520 bytes, only the first part is stored\]$/;

function lastUserText(request: ChatRequest): string {
  const users = request.messages.filter((m) => m.role === 'user');
  const content = users.at(-1)?.content;
  return typeof content === 'string' ? content : '';
}

const planned = plannedModel((text) => ({ answer: () => `You said: ${text}` }));

/**
 * The "big stream" turn streams 4 MiB and asks for load_tools; its next model round waits here until
 * the test lets it go, so the turn cannot end before the engine has given up on the idle client.
 */
let releaseBigStream: () => void = () => undefined;
let bigStreamHeld: Promise<void> = Promise.resolve();
function holdBigStream(): void {
  bigStreamHeld = new Promise((resolve) => (releaseBigStream = resolve));
}

function respond(request: ChatRequest): ScriptedReply | Promise<ScriptedReply> {
  switch (lastUserText(request)) {
    case 'long answer':
      return { text: LONG_ANSWER };
    case 'huge reply':
      return { text: HUGE_REPLY, chunkChars: 4096 };
    case 'big stream':
      if (request.messages.at(-1)?.role === 'tool') return bigStreamHeld.then(() => ({ text: 'the end of the big stream' }));
      return { text: 'y'.repeat(4 * MIB), chunkChars: 512, toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] };
    case 'huge group': {
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return { text: 'no such group' };
      return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['g'.repeat(2 * MIB), 'files'] } }], chunkChars: 4096 };
    }
    default:
      return planned(request);
  }
}

/** Keeps both cores busy, as other engineers' test runs do. */
function busyLoops(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

function sessionIdFrom(stderr: string): string {
  const match = /session (\S+) \(continue with/.exec(stderr);
  if (!match?.[1]) throw new Error(`no session id in: ${stderr}`);
  return match[1];
}

function openDb(parapet: RunningParapet): Database.Database {
  return new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
}

let model: ScriptedModel;

beforeAll(async () => {
  model = await startScriptedModel({ respond });
});

afterAll(async () => {
  await model?.close();
});

describe('long and huge answers, with the default limits', () => {
  let parapet: RunningParapet;

  beforeAll(async () => {
    parapet = await startParapet({ llmUrl: model.url });
  });

  afterAll(async () => {
    await parapet?.stop();
    parapet?.cleanup();
  });

  it('streams a 20 000-token answer whole to `parapet send` on a loaded machine', async () => {
    const load = busyLoops(2);
    try {
      const result = await parapet.cli(['send', '--json', 'long answer'], { timeoutMs: 120_000 });
      expect(result.code, result.stderr).toBe(0);
      const events = jsonLines<EventLine>(result.stdout);
      const streamed = events.filter((e) => e.type === 'llm_token').map((e) => e.text ?? '').join('');
      expect(streamed).toBe(LONG_ANSWER);
      expect(events.at(-1)).toMatchObject({ type: 'response_complete', content: LONG_ANSWER });
      expect(events.some((e) => e.type === 'error')).toBe(false);
    } finally {
      for (const child of load) child.kill('SIGKILL');
    }
  }, 180_000);

  it('stores a 20 MB reply cut to the cap with a marker; history pages through it and the next request stays bounded', async () => {
    const first = await parapet.cli(['send', 'huge reply'], { timeoutMs: 120_000 });
    expect(first.code, first.stderr).toBe(0);
    const sessionId = sessionIdFrom(first.stderr);
    const second = await parapet.cli(['send', '--session', sessionId, 'huge reply'], { timeoutMs: 120_000 });
    expect(second.code, second.stderr).toBe(0);

    const db = openDb(parapet);
    try {
      const rows = db.prepare("SELECT length(CAST(content AS BLOB)) AS bytes, content FROM messages WHERE session_id = ? AND role = 'assistant'").all(sessionId) as {
        bytes: number;
        content: string;
      }[];
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.bytes).toBeLessThanOrEqual(MIB);
        expect(row.content).toMatch(MARKER);
      }
    } finally {
      db.close();
    }

    const requestsBefore = model.requests.length;
    const next = await parapet.cli(['send', '--json', '--session', sessionId, 'still there?']);
    expect(next.code, next.stderr).toBe(0);
    expect(jsonLines<EventLine>(next.stdout).at(-1)).toMatchObject({ type: 'response_complete', content: 'You said: still there?' });
    const sent = model.requests.slice(requestsBefore).map((r) => JSON.stringify(r.body).length);
    expect(Math.max(...sent)).toBeLessThan(2.5 * MIB);

    const history = await parapet.cli(['history', sessionId, '--json']);
    expect(history.code, history.stderr).toBe(0);
    const stored = JSON.parse(history.stdout) as { messages: { role: string; content: string }[] };
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(stored.messages[1]?.content).toMatch(MARKER);
    expect(stored.messages[5]?.content).toBe('You said: still there?');

    // More than one page: two capped replies do not fit in one.
    const raw = connectRaw(parapet.home);
    try {
      const page = await raw.getHistory({ session_id: sessionId });
      expect(page.messages.length).toBeLessThan(6);
      expect(page.next_page_token).not.toBe('');
    } finally {
      raw.close();
    }
  }, 240_000);

  it('starts a new session\'s stream with SessionCreated then MessageStored, and continues seq after an engine restart', async () => {
    const first = await parapet.cli(['send', '--json', 'hello']);
    expect(first.code, first.stderr).toBe(0);
    const before = jsonLines<EventLine>(first.stdout);
    expect(before.slice(0, 2).map((e) => [e.type, e.role])).toEqual([
      ['session_created', undefined],
      ['message_stored', 'user'],
    ]);
    const sessionId = before[0]?.sessionId as string;
    const lastSeq = Math.max(...before.map((e) => e.seq));

    const status = await parapet.status();
    process.kill(status.engine.pid, 'SIGKILL');
    await waitFor(
      'a restarted engine with a ready agent',
      async () => {
        const now = await parapet.status();
        return now.engine.pid !== status.engine.pid && now.agent.ready ? now : undefined;
      },
      30_000,
    );

    const again = await parapet.cli(['send', '--json', '--session', sessionId, 'again']);
    expect(again.code, again.stderr).toBe(0);
    const after = jsonLines<EventLine>(again.stdout);
    expect(after[0]).toMatchObject({ type: 'message_stored', role: 'user', sessionId });
    expect(after[0]?.seq).toBeGreaterThan(lastSeq);
    const seqs = after.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  }, 90_000);
});

describe('clients that misbehave, with small limits', () => {
  let parapet: RunningParapet;

  beforeAll(async () => {
    parapet = await startParapet({ llmUrl: model.url, config: 'limits:\n  stalled_client_ms: 1000\n  max_echo_bytes: 100\n' });
  });

  afterAll(async () => {
    await parapet?.stop();
    parapet?.cleanup();
  });

  it('drops a client that never reads with SUBSCRIBER_DROPPED and ends its stream, while the turn and other clients carry on', async () => {
    const { socketPath, token } = engineAddress(parapet.home);
    const dropLine = 'client stream dropped: the client read nothing';
    const dropsBefore = parapet.logs().split(dropLine).length;
    holdBigStream();
    const idle = sendMessagePaused(socketPath, token, { text: 'big stream', channel: 'cli' });
    try {
      const other = await parapet.cli(['send', '--json', 'meanwhile']);
      expect(other.code, other.stderr).toBe(0);
      expect(jsonLines<EventLine>(other.stdout).at(-1)).toMatchObject({ type: 'response_complete', content: 'You said: meanwhile' });

      // The turn is still open (its model round waits): the engine drops the client for reading nothing.
      await waitFor('the engine to drop the idle client', async () => (parapet.logs().split(dropLine).length > dropsBefore ? true : undefined), 60_000);
      releaseBigStream();

      // The dropped client's turn still completes: its answer is stored.
      const answered = await waitFor(
        'the unread turn to be stored',
        async () => {
          const listed = await parapet.cli(['sessions', '--json']);
          const sessions = JSON.parse(listed.stdout) as { id: string; title: string; messageCount: number }[];
          return sessions.find((s) => s.title === 'big stream' && s.messageCount === 2);
        },
        60_000,
      );

      const { events, status } = await idle.readAll();
      expect(status).toBe(0);
      const last = events.at(-1);
      expect(last?.error).toMatchObject({ code: 'SUBSCRIBER_DROPPED', retryable: true, message: 'event stream dropped: this client read nothing for 1000 ms' });
      expect(last?.session_id).toBe(answered.id);
      expect(events.some((e) => e.response_complete)).toBe(false);
    } finally {
      releaseBigStream();
      idle.close();
    }
  }, 120_000);

  it('refuses an 8 KB channel name and an oversized message with stable codes, quoting at most the echo cap', async () => {
    const raw = connectRaw(parapet.home);
    try {
      const channel = await raw.sendMessage({ text: 'hi', channel: 'c'.repeat(8192) });
      expect(channel.error?.metadata.get('parapet-code')).toEqual(['INVALID_ARGUMENT']);
      expect(channel.error?.details).toBe(`unknown channel "${'c'.repeat(100)}"… (8192 bytes) (expected cli, web, telegram)`);

      for (const size of [300 * 1024, 5 * MIB]) {
        const big = await raw.sendMessage({ text: 'z'.repeat(size) });
        expect(big.error?.metadata.get('parapet-code')).toEqual(['MESSAGE_TOO_LARGE']);
        expect(big.error?.details).toBe(`message text is ${size} bytes; the limit is 262144`);
      }
    } finally {
      raw.close();
    }
  });

  it('answers a 2 MB load_tools group name without echoing it back to the model', async () => {
    const requestsBefore = model.requests.length;
    const result = await parapet.cli(['send', '--json', 'huge group']);
    expect(result.code, result.stderr).toBe(0);
    const toolMessages = model.requests
      .slice(requestsBefore)
      .flatMap((r) => r.body?.messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    expect(toolMessages).toHaveLength(1);
    expect(toolMessages[0]).toContain(`(${2 * MIB} bytes)`);
    expect(toolMessages[0]?.length).toBeLessThan(1000);
  }, 60_000);

  it('refuses invalid UTF-8 in a message with INVALID_ARGUMENT and stores nothing', async () => {
    const db = openDb(parapet);
    const count = (): number => (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
    const raw = connectRaw(parapet.home);
    try {
      const before = count();
      const text = Buffer.from([0x68, 0x69, 0x20, 0xff, 0xfe, 0x21]);
      // SendMessageRequest{text (field 2), channel (field 3): "cli"} with the text's bytes as they are.
      const request = Buffer.concat([Buffer.from([0x12, text.length]), text, Buffer.from([0x1a, 3]), Buffer.from('cli')]);
      const { error } = await raw.sendRawBytes(request);
      expect(error?.metadata.get('parapet-code')).toEqual(['INVALID_ARGUMENT']);
      expect(error?.details).toMatch(/^text is not valid UTF-8/);
      expect(count()).toBe(before);

      // The same bytes as proper UTF-8 (U+FFFD written by the user) are a fine message.
      const honest = await raw.sendMessage({ text: 'hi \uFFFD!' });
      expect(honest.error).toBeUndefined();
      expect(count()).toBe(before + 2);
    } finally {
      raw.close();
      db.close();
    }
  });
});
