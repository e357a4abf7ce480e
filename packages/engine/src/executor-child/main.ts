import { existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createCommandServer } from '../executors/command-server.js';
import { ExecutionError } from '../executors/errors.js';
import { runExecutor } from '../executors/run.js';
import type { CommandSettings } from '../executors/types.js';
import { createRedactor, type Redactor } from '../redact/index.js';
import { JAIL_COMMAND_LAUNCHER, JAIL_WORKSPACE, type ChildMessage, type InitMessage, type RunMessage } from '../executor-host/protocol.js';

/**
 * Entry of the confined executor (bundled to dist/executor.bundle.cjs and started by the engine
 * inside a mount namespace whose only writable folder is the workspace, at JAIL_WORKSPACE). It runs
 * each vetted action the engine sends and answers with its result; it exits when its stdin closes,
 * i.e. when the engine is gone.
 */
/** Commands get a pid namespace each, a HOME on the executor's private /tmp, and the egress proxy when the engine gave one. */
function commandSettings(init: InitMessage): CommandSettings {
  return { server: createCommandServer(JAIL_COMMAND_LAUNCHER), home: '/tmp', ...(init.egress !== undefined ? { egress: init.egress } : {}) };
}

function send(message: ChildMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function ready(init: InitMessage): void {
  const workspaceVisible = (() => {
    try {
      return statSync(JAIL_WORKSPACE).isDirectory();
    } catch {
      return false;
    }
  })();
  send({ type: 'ready', workspaceVisible, outsideVisible: existsSync(init.outsideProbe) });
}

async function run(message: RunMessage, redactor: Redactor, commands: CommandSettings): Promise<void> {
  const inodes = new Set(message.protectedInodes);
  try {
    const output = await runExecutor(message.tool, message.payload, {
      workspace: JAIL_WORKSPACE,
      timeoutMs: message.timeoutMs,
      maxOutputBytes: message.maxOutputBytes,
      protectedPaths: message.protectedPaths,
      protectedInodes: () => inodes,
      redact: (text) => redactor.redact(text),
      commands,
    });
    send({ type: 'result', id: message.id, ok: true, output });
  } catch (error) {
    if (error instanceof ExecutionError) {
      send({ type: 'result', id: message.id, ok: false, code: error.code === 'EXECUTION_TIMEOUT' ? 'EXECUTION_TIMEOUT' : 'EXECUTION_FAILED', message: error.message, internal: false });
    } else {
      send({ type: 'result', id: message.id, ok: false, code: 'EXECUTION_FAILED', message: String(error), internal: true });
    }
  }
}

let redactor: Redactor | undefined;
let commands: CommandSettings | undefined;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line) as InitMessage | RunMessage;
  if (message.type === 'init' && !redactor) {
    redactor = createRedactor({ secrets: message.secrets });
    commands = commandSettings(message);
    ready(message);
  } else if (message.type === 'run' && redactor && commands) {
    void run(message, redactor, commands);
  } else {
    process.stderr.write(`executor: unexpected ${message.type} message\n`);
    process.exit(2);
  }
});
lines.on('close', () => process.exit(0));
