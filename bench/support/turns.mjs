// Drives turns through the engine's client API for the benches: one connection, one turn at a time.
import { Metadata, credentials } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { clientServiceClient } from '../../packages/wire/dist/index.js';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A client of the engine's socket, authorised with its token. */
export function connectClient(engine) {
  const Client = clientServiceClient();
  const client = new Client(`unix:${engine.ready.socket}`, credentials.createInsecure());
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${engine.token()}`);
  return { client, metadata, close: () => client.close() };
}

/**
 * Runs one turn. `sessionId` continues a session (a new one otherwise); `checkAction` gets each
 * completed action and returns why it is wrong, if it is. Rejects when the turn fails or when
 * `actions` is given and a different number of actions ran. Times are µs from the request: to the
 * first streamed token and to the end of the stream.
 */
export function runTurn(connection, text, { sessionId, actions, checkAction } = {}) {
  const started = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - started) / 1e3;
  return new Promise((resolve, reject) => {
    const stream = connection.client.SendMessage({ text, channel: 'cli', ...(sessionId ? { session_id: sessionId } : {}) }, connection.metadata);
    let failed;
    let completed = 0;
    let firstTokenUs;
    let session = sessionId;
    stream.on('data', (event) => {
      session ??= event.session_id || undefined;
      if (event.kind === 'llm_token' && firstTokenUs === undefined) firstTokenUs = since();
      if (event.kind === 'error') failed = new Error(`turn failed: ${event.error?.code} ${event.error?.message}`);
      if (event.kind === 'action_completed') {
        completed += 1;
        const wrong = checkAction?.(event.action_completed);
        if (wrong) failed ??= new Error(wrong);
      }
    });
    stream.on('error', reject);
    stream.on('end', () => {
      const us = since();
      if (!failed && actions !== undefined && completed !== actions) failed = new Error(`"${text}" ran ${completed} actions, expected ${actions}`);
      return failed ? reject(failed) : resolve({ us, firstTokenUs, sessionId: session });
    });
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
