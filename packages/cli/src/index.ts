export { runCli } from './cli.js';
export { connectEngine, engineUnreachable, type ConnectOptions, type EngineClient } from './client.js';
export { processIo, type CliIo } from './io.js';
export { initHome, type InitOptions, type InitReport, type InitStep } from './init-home.js';
export { homePaths, resolveCliHome, type HomePaths } from './paths.js';
export { createTurnRenderer, type TurnOutcome, type TurnRenderer, type Writer } from './render-turn.js';
export {
  DEFAULT_RESTART_POLICY,
  superviseEngine,
  type RestartPolicy,
  type Supervisor,
  type SupervisorEvent,
  type SupervisorOptions,
  type SupervisorResult,
} from './supervisor.js';
