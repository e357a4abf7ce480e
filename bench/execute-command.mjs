// Cost of running a command through Parapet, as the agent sees it: `execute_command "true"` from
// proposal to result through the whole pipeline (Shield tiers 0–1 judging the command, audit, the
// confined executor spawning it in its own pid namespace without capabilities, redact, events),
// against spawning `bash -c true` directly from Node, measured in the same run. Target: ≤ 1.5×.
//
// The per-call time comes from whole turns, as in tool-call-overhead.mjs: a measured turn asks for
// N execute_command calls at once, a control turn for N load_tools calls the agent refuses itself;
// the difference divided by N is one proposal → result. The direct side is the median of single
// spawns, each awaited to its exit. For the breakdown, the confinement of one command alone (bash
// started by the executor's command server, `confine-command --serve`, in a fresh pid namespace
// without capabilities; run as root) is timed the same way from this process, interleaved with bash.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startScriptedModel } from '@parapet/shield/testing';
import { startEngineProcess } from './support/engine-process.mjs';
import { connectClient, median, runTurn } from './support/turns.mjs';

const MANY = 10;
const WARM_UP_PAIRS = 10;
const PAIRS = 15;
const DIRECT_WARM_UP = 20;
const DIRECT_RUNS = 200;
const RATE_LIMIT_PER_MINUTE = 1_000_000;

/** Round 1 loads the shell group; round 2 asks for N calls at once ("run N" or "control N"); round 3 answers. */
function respond(request) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const [, kind = 'run', count = '1'] = /^(run|control) (\d+)$/.exec(String(request.messages[lastUser]?.content)) ?? [];
  const thisTurn = request.messages.slice(lastUser + 1);
  if (thisTurn.filter((m) => m.tool_calls?.length).length >= 2) return { text: 'done' };
  if (!(request.tools ?? []).some((t) => t.function.name === 'execute_command')) {
    return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['shell'] } }] };
  }
  const name = kind === 'run' ? 'execute_command' : 'load_tools';
  return { toolCalls: Array.from({ length: Number(count) }, (_, i) => ({ id: `call_${i}`, name, arguments: { command: 'true' } })) };
}

/** Wall time of one turn in µs; checks that exactly `actions` commands ran, all with exit code 0. */
async function timeTurn(connection, text, actions) {
  const checkAction = (completed) => {
    const output = completed?.output ?? '';
    return completed?.is_error || output !== '[exit code 0]' ? `command failed: ${output}` : undefined;
  };
  return (await runTurn(connection, text, { actions, checkAction })).us;
}

async function timePair(connection) {
  const control = await timeTurn(connection, `control ${MANY}`, 0);
  const measured = await timeTurn(connection, `run ${MANY}`, MANY);
  return (measured - control) / MANY;
}

const BASH_TRUE = ['/bin/bash', '-c', 'true'];
const LAUNCHER = fileURLToPath(new URL('../packages/engine/dist/confine-command', import.meta.url));
const COMMAND_SERVER_MODULE = new URL('../packages/engine/dist/executors/command-server.js', import.meta.url);

async function servedUs(server) {
  const started = process.hrtime.bigint();
  const end = await server.start({ argv: BASH_TRUE, cwd: '/', env: { PATH: '/usr/bin:/bin' }, readOnlyFiles: [] }, () => undefined).ended;
  if (end.exitCode !== 0) throw new Error(`confined bash ended with ${end.exitCode ?? end.signal}`);
  return Number(process.hrtime.bigint() - started) / 1e3;
}

function spawnUs([file, ...args]) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - started) / 1e3) : reject(new Error(`bash exited ${code}`))));
  });
}

export async function benchExecuteCommand() {
  const model = await startScriptedModel({ respond, recordRequests: false });
  const engine = await startEngineProcess({ llmUrl: model.url, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE });
  try {
    const connection = connectClient(engine);
    for (let i = 0; i < WARM_UP_PAIRS; i++) await timePair(connection);
    const perCall = [];
    for (let i = 0; i < PAIRS; i++) perCall.push(await timePair(connection));
    connection.close();
    const { createCommandServer } = await import(COMMAND_SERVER_MODULE.href);
    const server = createCommandServer(LAUNCHER);
    for (let i = 0; i < DIRECT_WARM_UP; i++) {
      await spawnUs(BASH_TRUE);
      await servedUs(server);
    }
    const direct = [];
    const isolated = [];
    for (let i = 0; i < DIRECT_RUNS; i++) {
      direct.push(await spawnUs(BASH_TRUE));
      isolated.push(await servedUs(server));
    }
    server.close();
    const pipelineUs = median(perCall);
    const directUs = median(direct);
    return {
      executeCommandRatio: Math.round((pipelineUs / directUs) * 100) / 100,
      executeCommandUs: Math.round(pipelineUs),
      bashDirectUs: Math.round(directUs),
      isolatedDirectUs: Math.round(median(isolated)),
    };
  } finally {
    await engine.stop();
    await model.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${JSON.stringify(await benchExecuteCommand())}\n`);
