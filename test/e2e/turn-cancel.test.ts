import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

interface EventLine {
  type: string;
  sessionId: string;
  turnId: string;
  [key: string]: unknown;
}

/** Every reply of this plan takes a while, so the user has time to change their mind. */
const SLOW_MS = 3000;

const plans: Record<string, Plan> = {
  'slow write': {
    delayMs: SLOW_MS,
    calls: [{ name: 'write_file', arguments: { path: 'cancelled.txt', content: 'should never exist' } }],
    answer: () => 'Written.',
  },
};

let model: ScriptedModel;
let parapet: RunningParapet;

beforeAll(async () => {
  model = await startScriptedModel({ respond: plannedModel((text) => plans[text] ?? { answer: () => `You said: ${text}` }) });
  parapet = await startParapet({ llmUrl: model.url });
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

describe('Ctrl-C on a running turn', () => {
  it('cancels it in the engine: the write the model proposes later never runs, and the session goes on', async () => {
    const child = parapet.spawnCli(['send', '--json', 'slow write']);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The user's message is stored (first events), and the model is thinking: interrupt now.
    const stored = await waitFor('the stored user message', async () =>
      jsonLines<EventLine>(stdout).find((e) => e.type === 'message_stored' && e.role === 'user'),
    );
    await waitFor('the model request', async () => (model.requests.length > 0 ? true : undefined));
    child.kill('SIGINT');
    expect(await exited).toBe(1);

    const { sessionId, turnId } = stored;
    // The next turn of the same session runs after the cancelled one has ended.
    const next = await parapet.cli(['send', '--json', '--session', sessionId, 'hello again']);
    expect(next.code, next.stderr).toBe(0);
    expect(jsonLines<EventLine>(next.stdout).at(-1)).toMatchObject({ type: 'response_complete', content: 'You said: hello again' });

    expect(existsSync(join(parapet.workspace, 'cancelled.txt'))).toBe(false);
    const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare("SELECT kind, data FROM audit WHERE json_extract(data, '$.turnId') = ? ORDER BY seq")
        .all(turnId) as { kind: string; data: string }[];
      expect(rows.map((r) => r.kind)).not.toContain('EXECUTED');
      expect(rows.map((r) => r.kind)).toContain('TURN_CANCELLED');
      const writes = rows.filter((r) => r.data.includes('write_file'));
      for (const write of writes) expect(write.kind).toBe('REFUSED');
      const turn = db.prepare('SELECT status FROM turns WHERE id = ?').get(turnId) as { status: string } | undefined;
      expect(turn?.status).toBe('cancelled');
    } finally {
      db.close();
    }
  });
});
