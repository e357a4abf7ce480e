// 1 000 WebSocket watchers of one session while a turn streams: token fan-out latency (engine
// publish → frame received), the CPU the engine spends on that turn and its RSS with them
// connected, against a bare `ws` server in its own process broadcasting the same frames to as many
// sockets, measured in this same run. The CPU figure holds when the machine is busy; latency does not.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startScriptedModel } from '@parapet/shield/testing';
import { cpuMs, rssMb, startEngineProcess } from './support/engine-process.mjs';

const WATCHERS = 1000;
const TOKENS = 200;
const TOKEN_GAP_MS = 10;
const ANSWER = 'tok. '.repeat(TOKENS);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), samples: sorted.length };
}

function open(url, headers) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Sends a frame and resolves with the frames of that call up to its end (or its response). */
function call(socket, frame) {
  return new Promise((resolve, reject) => {
    const frames = [];
    const onMessage = (data) => {
      const parsed = JSON.parse(data.toString());
      if (parsed.id !== frame.id) return;
      frames.push(parsed);
      if (parsed.end || parsed.response || parsed.error) {
        socket.off('message', onMessage);
        if (parsed.error) reject(new Error(`${parsed.error.code}: ${parsed.error.message}`));
        else resolve(frames);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(frame));
  });
}

async function logIn(ready) {
  const link = new URL(ready.web);
  const response = await fetch(`${link.origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: link.origin },
    body: JSON.stringify({ token: link.hash.replace('#login=', '') }),
  });
  if (response.status !== 204) throw new Error(`login failed: ${response.status}`);
  return { origin: link.origin, cookie: response.headers.get('set-cookie').split(';')[0] };
}

async function engineFanout() {
  const model = await startScriptedModel({
    respond: (request) => {
      const last = request.messages.filter((m) => m.role === 'user').at(-1);
      return last?.content === 'stream' ? { text: ANSWER, chunkChars: 5, chunkDelayMs: TOKEN_GAP_MS } : { text: 'ok' };
    },
  });
  const engine = await startEngineProcess({ llmUrl: model.url, extraConfig: 'web:\n  port: 0\n' });
  try {
    const { origin, cookie } = await logIn(engine.ready);
    const headers = { origin, cookie };
    const url = `${origin.replace('http', 'ws')}/api/ws`;
    const driver = await open(url, headers);
    const first = await call(driver, { id: 1, call: 'SendMessage', request: { text: 'hello' } });
    const sessionId = first.find((frame) => frame.event).event.sessionId;
    const rssBeforeMb = rssMb(engine.ready.pid);

    const watchers = [];
    const latencies = [];
    const frames = [];
    let completed = 0;
    let allDone;
    const done = new Promise((resolve) => (allDone = resolve));
    const subscribed = [];
    for (let index = 0; index < WATCHERS; index += 1) {
      const socket = await open(url, headers);
      let live;
      subscribed.push(new Promise((resolve) => (live = resolve)));
      socket.on('message', (data) => {
        const received = Date.now();
        const frame = JSON.parse(data.toString());
        if (frame.id === 1 && frame.live) live();
        if (frame.id !== 1 || !frame.event) return;
        if (frame.event.llmToken) {
          latencies.push(received - Date.parse(frame.event.ts));
          if (index === 0) frames.push(frame);
        }
        if (frame.event.responseComplete && (completed += 1) === WATCHERS) allDone();
      });
      socket.send(JSON.stringify({ id: 1, call: 'Watch', request: { sessionId } }));
      watchers.push(socket);
    }
    // Each watch says when it is subscribed: from then on every event of the session reaches it.
    await Promise.all(subscribed);
    const rssWatchersMb = rssMb(engine.ready.pid);
    const cpuBefore = cpuMs(engine.ready.pid);
    await call(driver, { id: 3, call: 'SendMessage', request: { sessionId, text: 'stream' } });
    await done;
    const turnCpuMs = cpuMs(engine.ready.pid) - cpuBefore;
    const rssStreamedMb = rssMb(engine.ready.pid);
    for (const socket of watchers) socket.terminate();
    driver.terminate();
    return { ...summary(latencies), rssBeforeMb, rssWatchersMb, rssStreamedMb, turnCpuMs, frames };
  } finally {
    await engine.stop();
    await model.close();
  }
}

/** The same frames, paced the same, from a bare `ws` server in its own process. */
async function bareFanout(frames) {
  const server = fork(fileURLToPath(new URL('./support/bare-ws-broadcast.mjs', import.meta.url)), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((resolve) => server.once('message', (message) => resolve(message.port)));
  const latencies = [];
  let completed = 0;
  let allDone;
  const done = new Promise((resolve) => (allDone = resolve));
  const sockets = [];
  for (let index = 0; index < WATCHERS; index += 1) {
    const socket = await open(`ws://127.0.0.1:${port}/`, {});
    socket.on('message', (data) => {
      const received = Date.now();
      const frame = JSON.parse(data.toString());
      if (frame.end) {
        if ((completed += 1) === WATCHERS) allDone();
        return;
      }
      latencies.push(received - Date.parse(frame.event.ts));
    });
    sockets.push(socket);
  }
  const cpuBefore = cpuMs(server.pid);
  server.send({ frames, gapMs: TOKEN_GAP_MS });
  await done;
  const turnCpuMs = cpuMs(server.pid) - cpuBefore;
  for (const socket of sockets) socket.terminate();
  server.kill();
  return { ...summary(latencies), turnCpuMs };
}

export async function benchWsFanout() {
  const engine = await engineFanout();
  const bare = await bareFanout(engine.frames);
  return {
    watchers: WATCHERS,
    engine: { p50Ms: engine.p50Ms, p99Ms: engine.p99Ms, samples: engine.samples, turnCpuMs: engine.turnCpuMs },
    bare,
    engineRssMb: { before: engine.rssBeforeMb, watchersConnected: engine.rssWatchersMb, afterTurn: engine.rssStreamedMb },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchWsFanout(), null, 2)}\n`);
}
