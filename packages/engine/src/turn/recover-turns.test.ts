import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../storage/index.js';
import { recoverUnfinishedTurns } from './recover-turns.js';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parapet-recover-'));
  store = openStore(join(dir, 'parapet.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('turns a previous engine left unfinished', () => {
  it('end as interrupted, and a queued message joins the history instead of being lost', () => {
    const session = store.sessions.create({ title: 't' });
    store.turns.enqueue({ id: 'running', sessionId: session.id, text: 'first' });
    store.turns.start('running');
    store.messages.append({ sessionId: session.id, turnId: 'running', role: 'user', content: 'first' });
    store.turns.enqueue({ id: 'queued', sessionId: session.id, text: 'second' });

    expect(recoverUnfinishedTurns(store)).toBe(2);

    expect(store.turns.get('running')).toMatchObject({ status: 'interrupted' });
    expect(store.turns.get('queued')).toMatchObject({ status: 'interrupted', queuedText: '' });
    expect(store.messages.list(session.id).map((m) => [m.turnId, m.content])).toEqual([
      ['running', 'first'],
      ['queued', 'second'],
    ]);
    expect(recoverUnfinishedTurns(store)).toBe(0);
  });
});
