import { parseArgs } from 'node:util';
import { ParapetError } from '@parapet/wire';
import { ConfigError, loadConfig, type EngineConfig } from './config/index.js';
import { startEngine, type RunningEngine } from './app/start-engine.js';

/** The engine process: `node dist/main.js --home DIR [--workspace DIR] [--demo] [--weak-sandbox]`. */
async function main(): Promise<number> {
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
    },
    strict: true,
  });
  const loaded = loadConfig({
    ...(values.home !== undefined ? { home: values.home } : {}),
    env: process.env,
    overrides: { ...(values.workspace !== undefined ? { workspace: values.workspace } : {}), demo: values.demo },
  });
  const config: EngineConfig = values['weak-sandbox'] ? { ...loaded, agent: { ...loaded.agent, sandbox: 'weak' } } : loaded;

  const engine: RunningEngine = await startEngine(config);
  if (stopRequested) {
    await engine.stop(stopRequested);
    return 0;
  }
  const stopped = new Promise<number>((resolve) => {
    onStop = (signal) => void engine.stop(signal).then(() => resolve(0));
  });
  const ready = {
    event: 'ready',
    pid: process.pid,
    agentPid: engine.agentPid(),
    socket: config.paths.engineSocket,
    home: config.home,
    workspace: config.workspace,
    demo: config.demo,
    model: engine.config.llm?.model ?? '',
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  return stopped;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // One clear line, never a stack trace: config errors name the key, others their stable code.
    const message =
      error instanceof ConfigError || error instanceof ParapetError
        ? `${error.code}: ${error.message}`
        : `engine failed to start: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`parapet-engine: ${message}\n`);
    process.exit(1);
  },
);
