// Engine overhead of one tool call, as the agent sees it: proposal → result through the whole
// pipeline (parse, hash, enrich, protect, audit, Shield tiers 0–1, verify, execute a small
// read_file, redact, audit, events), against a bare grpc-js echo round trip between two processes
// over a Unix socket, measured in the same run. Target: toolCallOverheadRatio ≤ 3.
//
// The per-call time is taken from whole turns through the real processes. Both turns of a pair have
// the same model traffic: the model asks for N tool calls at once and gets N results back. In the
// measured turn all N are read_file calls, each a proposal → result round trip through the engine;
// in the control turn they are load_tools calls with arguments load_tools does not accept. The engine
// audits those too (every proposal is), so the control includes a round trip and an audit row per
// call and the difference divided by N is what a read_file costs above an audited meta-call: a lower
// bound of one proposal → result (the control turn starts no action, which is checked). (Comparing against a turn with
// one read_file instead would charge each call with its share of the model's bigger answer and the
// bigger next request, which is model traffic, not the tool call.)
//
// Two shapes are measured. The headline is serial (N = 1): one call on its own, the latency a call
// adds, which is what the echo round trip is compared with. The concurrent one (N = 25) is reported
// beside it: the agent proposes the 25 reads at once and the engine runs read-only calls together,
// while the control's load_tools calls are answered one by one, so the difference per call is the
// engine's cost per call when busy (throughput), not the latency of a call.
//
// A serial call also pays what the echo never does: the executor and the engine wake from idle. Between
// two serial calls the executor sleeps for two whole turns, and on a virtual machine a process woken
// after milliseconds of sleep answers several times slower than one kept busy (its CPU halted, its
// caches taken by the others). So beside the headline, each echo round trip is also timed after the
// same idle as a serial call sees (the median length of a serial pair), and the call is reported
// against that idle echo too: the part of the ratio the machine's wake-up explains, not the pipeline.
//
// Wall time on a shared machine moves with its load, so each shape also reports the engine's CPU
// time per call (all its threads, from /proc schedstat, measured turn minus control turn), a figure
// that load barely moves.
//
// Both sides warm up alike before they are measured: the echo's few lines of code are optimised by
// V8 within its 500 warm-up round trips, but a tool call runs thousands of lines (pipeline, Shield,
// SQLite, gRPC, events) and V8 optimises each function only after many calls, so the engine gets
// 4,000 warm-up calls (160 pairs of 25), about as many round trips as the echo makes in all. That is far
// more than the Shield's default rate limit (600 actions a minute) lets through, so the bench's
// engine config raises the limit, and the per-reply tool-call cap to N; every other stage of the pipeline is as configured by default.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startScriptedModel } from '@parapet/shield/testing';
import { echoClient } from './support/echo-service.mjs';
import { startEngineProcess } from './support/engine-process.mjs';
import { connectClient, median, runTurn } from './support/turns.mjs';

const MANY = 25;
const WARM_UP_PAIRS = 160;
const PAIRS = 40;
const SERIAL_PAIRS = 400;
const ECHOES = 4_000;
const IDLE_ECHOES = 300;
const RATE_LIMIT_PER_MINUTE = 1_000_000;

/**
 * Round 1 loads the files group; round 2 asks for N calls at once, read_file in a measured turn
 * ("read N") and load_tools without groups in a control turn ("control N"); round 3 answers.
 */
function respond(request) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const [, kind = 'read', count = '1'] = /^(read|control) (\d+)$/.exec(String(request.messages[lastUser]?.content)) ?? [];
  const thisTurn = request.messages.slice(lastUser + 1);
  if (thisTurn.filter((m) => m.tool_calls?.length).length >= 2) return { text: 'done' };
  if (!(request.tools ?? []).some((t) => t.function.name === 'read_file')) {
    return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] };
  }
  const name = kind === 'read' ? 'read_file' : 'load_tools';
  return { toolCalls: Array.from({ length: Number(count) }, (_, i) => ({ id: `call_${i}`, name, arguments: { path: 'small.txt' } })) };
}

/** On-CPU time of every thread of process `pid` so far, in ns (/proc schedstat). */
function threadsCpuNs(pid) {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read: its time is gone from both turns alike.
    }
  }
  return total;
}

/** Wall time (µs) and engine CPU time (µs) of one turn; checks that exactly `actions` tool calls ran, all fine. */
async function timeTurn(connection, enginePid, text, actions) {
  const checkAction = (completed) => (completed?.is_error ? `tool call failed: ${completed.output}` : undefined);
  const cpuBefore = threadsCpuNs(enginePid);
  const { us } = await runTurn(connection, text, { actions, checkAction });
  return { us, cpuUs: (threadsCpuNs(enginePid) - cpuBefore) / 1e3 };
}

/** One measured turn of `calls` reads and its control, back to back: µs per proposal → result. */
async function timePair(connection, enginePid, calls) {
  const control = await timeTurn(connection, enginePid, `control ${calls}`, 0);
  const measured = await timeTurn(connection, enginePid, `read ${calls}`, calls);
  return { us: (measured.us - control.us) / calls, cpuUs: (measured.cpuUs - control.cpuUs) / calls };
}

/** Median wall time per call, mean engine CPU per call and median length of a pair (ms) over `pairs` pairs. */
async function timePairs(connection, enginePid, calls, pairs) {
  const wall = [];
  const pairMs = [];
  let cpuUs = 0;
  for (let i = 0; i < pairs; i++) {
    const started = process.hrtime.bigint();
    const pair = await timePair(connection, enginePid, calls);
    pairMs.push(Number(process.hrtime.bigint() - started) / 1e6);
    wall.push(pair.us);
    cpuUs += pair.cpuUs;
  }
  return { us: median(wall), cpuUs: cpuUs / pairs, pairMs: median(pairMs) };
}

/**
 * One round trip of a bare grpc-js echo between two processes over a Unix socket, in µs: back to
 * back (`back`, the mean), and each after `idleMs` of sleep (`idle`, the median: a wake-up now and
 * then takes far longer).
 */
export async function echoRoundTripUs(idleMs = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'parapet-echo-'));
  const socket = join(dir, 'echo.sock');
  const server = spawn(process.execPath, [fileURLToPath(new URL('./support/echo-service.mjs', import.meta.url)), 'serve', socket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => createInterface({ input: server.stdout }).once('line', resolve));
  const client = echoClient(socket);
  const call = client.Echo();
  const payload = Buffer.from(JSON.stringify({ tool_proposal: { turn_id: '01J0000000000000000000000', call_id: 'call_1', tool_name: 'read_file', arguments_json: '{"path":"small.txt"}' } }));
  let resolveNext;
  call.on('data', () => resolveNext());
  const once = () => new Promise((resolve) => {
    resolveNext = resolve;
    call.write(payload);
  });
  for (let i = 0; i < 500; i++) await once();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ECHOES; i++) await once();
  const back = Number(process.hrtime.bigint() - started) / 1e3 / ECHOES;
  const idle = [];
  for (let i = 0; idleMs > 0 && i < IDLE_ECHOES; i++) {
    await sleep(idleMs);
    const woken = process.hrtime.bigint();
    await once();
    idle.push(Number(process.hrtime.bigint() - woken) / 1e3);
  }
  const finished = new Promise((resolve) => call.on('status', resolve));
  call.end();
  await finished;
  client.close();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
  return { back, idle: idle.length > 0 ? median(idle) : undefined };
}

export async function benchToolCallOverhead() {
  const model = await startScriptedModel({ respond, recordRequests: false });
  const engine = await startEngineProcess({ llmUrl: model.url, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE, maxToolCallsPerReply: MANY });
  try {
    writeFileSync(join(engine.workspace, 'small.txt'), 'a small file for the benchmark\n');
    const connection = connectClient(engine);
    const pid = engine.child.pid;
    await timePairs(connection, pid, MANY, WARM_UP_PAIRS);
    const concurrent = await timePairs(connection, pid, MANY, PAIRS);
    const serial = await timePairs(connection, pid, 1, SERIAL_PAIRS);
    connection.close();
    const echo = await echoRoundTripUs(serial.pairMs);
    const ratio = (us, echoUs = echo.back) => Math.round((us / echoUs) * 100) / 100;
    return {
      toolCallOverheadRatio: ratio(serial.us),
      toolCallUs: Math.round(serial.us),
      toolCallEngineCpuUs: Math.round(serial.cpuUs),
      echoRoundTripUs: Math.round(echo.back),
      idleEcho: { idleMs: Math.round(serial.pairMs), echoRoundTripUs: Math.round(echo.idle), toolCallRatio: ratio(serial.us, echo.idle) },
      concurrent: {
        calls: MANY,
        ratio: ratio(concurrent.us),
        toolCallUs: Math.round(concurrent.us),
        engineCpuUs: Math.round(concurrent.cpuUs),
      },
    };
  } finally {
    await engine.stop();
    await model.close();
  }
}
