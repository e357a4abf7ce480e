import { parseArgs } from 'node:util';
import { ParapetError } from '@parapet/wire';
import { ConfigError, loadConfig, type EngineConfig } from './config/index.js';
import { startEngine, type RunningEngine } from './app/start-engine.js';

/** The engine process: `node dist/main.js --home DIR [--workspace DIR] [--demo] [--weak-sandbox]`. */
async function main(): Promise<number> {
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

  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) return;
      stopping = true;
      void engine.stop(signal).then(() => resolve(0));
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
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
