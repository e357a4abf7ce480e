import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParapetError } from '@parapet/wire';
import type { ClientApi } from '@parapet/wire/client';
import { createBroadcaster, createEventRecorder } from '../events/index.js';
import { openStore, type Store } from '../storage/index.js';
import { createTurnRunner } from '../turn/turn-runner.js';
import { testRunnerDeps } from '../turn/turn-runner.test-support.js';
import { createClientApi } from './client-api.js';

/* The one API every client drives, over a real store and turn runner: a bad message is refused before anything is stored. */

let dir: string;
let store: Store;
let agentTurns: number;

const notInThisTest = (): never => {
  throw new ParapetError('INTERNAL', 'not used by these tests');
};

function api(maxMessageBytes = 1000): ClientApi {
  const bus = createBroadcaster({ queueLimitBytes: 1024 * 1024 });
  const agent = {
    runTurn: async () => {
      agentTurns += 1;
      return { content: 'hi', thoughts: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, rounds: 1, toolWork: [] };
    },
  };
  return createClientApi({
    store,
    turns: createTurnRunner(testRunnerDeps(store, dir, agent, { bus })),
    maxMessageBytes,
    status: notInThisTest,
    webLogin: () => undefined,
    watch: { store, bus, recorder: createEventRecorder(store.events, { onError: () => undefined }), approvals: undefined },
    chronicle: { listSnapshots: notInThisTest, showSnapshot: notInThisTest, diffSnapshot: notInThisTest, rollbackSnapshot: notInThisTest, sessionLabels: notInThisTest },
    admin: {
      renameSession: notInThisTest,
      deleteSession: notInThisTest,
      proposePolicyGrant: notInThisTest,
      addPolicyGrant: notInThisTest,
      listPolicyGrants: notInThisTest,
      removePolicyGrant: notInThisTest,
    },
    traces: { getTrace: notInThisTest },
  });
}

async function refusal(client: ClientApi, request: Parameters<ClientApi['sendMessage']>[0]): Promise<unknown> {
  try {
    for await (const _item of client.sendMessage(request, new AbortController().signal)) return 'streamed';
    return 'ended';
  } catch (error) {
    return error;
  }
}

function nothingStored(): void {
  expect(store.sessions.list()).toEqual([]);
  expect(agentTurns).toBe(0);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parapet-api-'));
  store = openStore(join(dir, 'parapet.db'));
  agentTurns = 0;
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the client API', () => {
  it('rejects an empty message with a clear INVALID_ARGUMENT', async () => {
    expect(await refusal(api(), { text: '  \n ' })).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'message text is empty' });
    nothingStored();
  });

  it('rejects a message over the size cap with MESSAGE_TOO_LARGE, naming the limit', async () => {
    const client = api(1000);
    expect(await refusal(client, { text: 'x'.repeat(1001) })).toMatchObject({
      code: 'MESSAGE_TOO_LARGE',
      message: 'message text is 1001 bytes; the limit is 1000',
    });
    expect(await refusal(client, { text: 'x'.repeat(5 * 1024 * 1024) })).toMatchObject({
      code: 'MESSAGE_TOO_LARGE',
      message: 'message text is 5242880 bytes; the limit is 1000',
    });
    nothingStored();
  });

  it('rejects a malformed session id, and an unknown one with SESSION_NOT_FOUND', async () => {
    const client = api();
    expect(await refusal(client, { sessionId: '../etc', text: 'hi' })).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await refusal(client, { sessionId: '01HNOSUCHSESSION', text: 'hi' })).toMatchObject({
      code: 'SESSION_NOT_FOUND',
      message: 'no session with id 01HNOSUCHSESSION',
    });
    await expect(client.getHistory('01HNOSUCHSESSION')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    nothingStored();
  });

  it('runs a message that passes, for any client alike', async () => {
    expect(await refusal(api(), { text: 'hello' })).toBe('streamed');
    expect(store.sessions.list()).toHaveLength(1);
  });
});
