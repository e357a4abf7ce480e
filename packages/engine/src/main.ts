import { parseArgs } from 'node:util';
import { ParapetError } from '@parapet/wire';
import { ConfigError, loadConfig, type EngineConfig } from './config/index.js';
import { startEngine, type RunningEngine } from './app/start-engine.js';
import { boundEngineHeapGrowth, claimHomeForEngine, onParentGone, type HomeLock } from './lifecycle/index.js';
import { openLogSinks, type LogSinks } from './logging/index.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

function logLevelOption(value: string | undefined): LogLevel | undefined {
  if (value === undefined) return undefined;
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new ConfigError(`--log-level: expected ${LOG_LEVELS.join(', ')}`);
}

function delayOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new ConfigError('--max-restart-delay: expected a positive number of milliseconds');
  return Number(value);
}

let lock: HomeLock | undefined;
let sinks: LogSinks | undefined;

/**
 * The engine process: `node dist/main.js --home DIR [--workspace DIR] [--demo] [--weak-sandbox]
 * [--log-level LEVEL] [--max-restart-delay MS] [--exit-with-parent]`.
 */
async function main(): Promise<number> {
  boundEngineHeapGrowth();
  // Listen for stop signals before anything starts, so one that arrives while starting (or right
  // after the ready line) still shuts down cleanly instead of killing the engine mid-write.
  let stopRequested: NodeJS.Signals | undefined;
  let onStop: ((signal: NodeJS.Signals) => void) | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopRequested) return;
    stopRequested = signal;
    onStop?.(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const { values } = parseArgs({
    options: {
      home: { type: 'string' },
      workspace: { type: 'string' },
      demo: { type: 'boolean', default: false },
      'weak-sandbox': { type: 'boolean', default: false },
      'log-level': { type: 'string' },
      'max-restart-delay': { type: 'string' },
      // stdin is the process manager's pipe: its end means the manager died, and so do we.
      'exit-with-parent': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values['exit-with-parent']) onParentGone(process.stdin, () => onSignal('SIGTERM'));
  const logLevel = logLevelOption(values['log-level']);
  const maxRestartDelayMs = delayOption(values['max-restart-delay']);
  const loaded = loadConfig({
    ...(values.home !== undefined ? { home: values.home } : {}),
    env: process.env,
    overrides: {
      ...(values.workspace !== undefined ? { workspace: values.workspace } : {}),
      demo: values.demo,
      ...(logLevel !== undefined ? { logLevel } : {}),
      ...(maxRestartDelayMs !== undefined ? { maxRestartDelayMs } : {}),
    },
  });
  const config: EngineConfig = values['weak-sandbox'] ? { ...loaded, agent: { ...loaded.agent, sandbox: 'weak' } } : loaded;
  // Before anything in the home is touched: another parapet's state is never ours to change.
  lock = claimHomeForEngine(config.home);
  sinks = await openLogSinks({ dir: config.log.dir, maxFileKb: config.log.maxFileKb, keepFiles: config.log.keepFiles });

  const engine: RunningEngine = await startEngine(config, { logDestination: sinks.destination });
  if (stopRequested) {
    await engine.stop(stopRequested);
    return 0;
  }
  const stopped = new Promise<number>((resolve) => {
    onStop = (signal) => void engine.stop(signal).then(() => resolve(0));
  });
  const webLogin = engine.webLoginUrl();
  const ready = {
    event: 'ready',
    pid: process.pid,
    agentPid: engine.agentPid(),
    socket: config.paths.engineSocket,
    home: config.home,
    workspace: config.workspace,
    demo: config.demo,
    model: engine.config.llm?.model ?? '',
    logs: config.log.dir,
    ...(webLogin !== undefined ? { web: webLogin } : {}),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  return stopped;
}

function exit(code: number): never {
  sinks?.flush();
  lock?.release();
  process.exit(code);
}

main().then(
  (code) => exit(code),
  (error: unknown) => {
    // One clear line, never a stack trace: config errors name the key, others their stable code.
    const message =
      error instanceof ConfigError || error instanceof ParapetError
        ? `${error.code}: ${error.message}`
        : `engine failed to start: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`parapet-engine: ${message}\n`);
    exit(1);
  },
);
