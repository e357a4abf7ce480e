// 50 sessions each running one turn with tool calls at once, against one session alone, in the same
// run (issue 13 item 4). The scripted model waits 200 ms before every reply (its time to first
// token); a turn is three model replies: load the files group, two read_file calls in one reply,
// then the answer. Target: the 50 finish within 2× the time one turn takes alone.
//
// Figures: wall time of the 50 against the median single turn (the ratio), throughput (turns/s),
// p50/p99 turn latency of the 50 (send → response_complete), and engine and agent CPU time per turn
// (user + system from /proc, over the 50, divided by 50). Every turn must complete with both reads run;
// anything else fails the bench.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Metadata, credentials } from '@grpc/grpc-js';
import { startScriptedModel } from '@parapet/shield/testing';
import { clientServiceClient } from '../packages/wire/dist/index.js';
import { startEngineProcess } from './support/engine-process.mjs';

const SESSIONS = 50;
const FIRST_TOKEN_MS = 200;
const SINGLE_RUNS = 5;
const READS_PER_TURN = 2;
const CLOCK_TICKS_PER_SECOND = 100;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function respond(request) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const thisTurn = request.messages.slice(lastUser + 1);
  if ((request.tools ?? []).length === 0) return { text: 'A title' };
  if (thisTurn.some((m) => m.role === 'tool' && m.tool_call_id === 'read_1')) return { delayMs: FIRST_TOKEN_MS, text: 'Both files read.' };
  if (!request.tools.some((t) => t.function.name === 'read_file')) {
    return { delayMs: FIRST_TOKEN_MS, toolCalls: [{ id: 'load_1', name: 'load_tools', arguments: { groups: ['files'] } }] };
  }
  return {
    delayMs: FIRST_TOKEN_MS,
    toolCalls: Array.from({ length: READS_PER_TURN }, (_, i) => ({ id: `read_${i}`, name: 'read_file', arguments: { path: 'small.txt' } })),
  };
}

/** One turn in a new session: ms from send to its end; throws unless it answered after both reads. */
function timeTurn(client, metadata, text) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const stream = client.SendMessage({ text, channel: 'cli' }, metadata);
    let failed;
    let reads = 0;
    let answered = false;
    stream.on('data', (event) => {
      if (event.kind === 'error') failed = new Error(`turn failed: ${event.error?.code} ${event.error?.message}`);
      if (event.kind === 'action_completed' && event.action_completed?.tool_name === 'read_file') {
        if (event.action_completed.is_error) failed = new Error(`read_file failed: ${event.action_completed.output}`);
        reads += 1;
      }
      if (event.kind === 'response_complete') answered = true;
    });
    stream.on('error', reject);
    stream.on('end', () => {
      if (!failed && (!answered || reads !== READS_PER_TURN)) failed = new Error(`"${text}" ended with ${reads} reads, answered: ${answered}`);
      return failed ? reject(failed) : resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

/** User + system CPU time of a process so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export async function benchConcurrentTurns() {
  const model = await startScriptedModel({ respond });
  const engine = await startEngineProcess({ llmUrl: model.url, rateLimitPerMinute: 1_000_000 });
  try {
    writeFileSync(join(engine.workspace, 'small.txt'), 'a small file for the benchmark\n');
    const Client = clientServiceClient();
    const client = new Client(`unix:${engine.ready.socket}`, credentials.createInsecure());
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${engine.token()}`);

    await Promise.all(Array.from({ length: 10 }, (_, i) => timeTurn(client, metadata, `warm-up ${i}`)));
    const single = [];
    for (let i = 0; i < SINGLE_RUNS; i++) single.push(await timeTurn(client, metadata, `alone ${i}`));
    single.sort((a, b) => a - b);
    const singleMs = percentile(single, 50);

    const cpuBefore = { engine: cpuMs(engine.ready.pid), agent: cpuMs(engine.ready.agentPid) };
    const started = process.hrtime.bigint();
    const latencies = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => timeTurn(client, metadata, `session ${i}`)));
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const engineCpuMs = cpuMs(engine.ready.pid) - cpuBefore.engine;
    const agentCpuMs = cpuMs(engine.ready.agentPid) - cpuBefore.agent;
    client.close();

    latencies.sort((a, b) => a - b);
    return {
      sessions: SESSIONS,
      firstTokenMs: FIRST_TOKEN_MS,
      ratio: Math.round((wallMs / singleMs) * 100) / 100,
      singleTurnMs: Math.round(singleMs),
      allTurnsMs: Math.round(wallMs),
      turnsPerSecond: Math.round((SESSIONS / (wallMs / 1000)) * 10) / 10,
      latencyMs: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) },
      engineCpuMsPerTurn: Math.round((engineCpuMs / SESSIONS) * 10) / 10,
      agentCpuMsPerTurn: Math.round((agentCpuMs / SESSIONS) * 10) / 10,
    };
  } finally {
    await engine.stop();
    await model.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${JSON.stringify(await benchConcurrentTurns(), null, 2)}\n`);
