// The engine as a library: start it from its config. What tests and tools wire on their own is on
// subpaths (package.json `exports`): ./client (what a client process needs without the engine),
// ./server (the client gRPC server), ./storage (the SQLite store), ./tools (the tool catalog).
export { startEngine, classifierDir, type RunningEngine } from './app/start-engine.js';
export { ConfigError, loadConfig, resolveHome, type EngineConfig, type LoadConfigOptions } from './config/index.js';
// The demo model is a product feature (`parapet start` with no model configured).
export { DEMO_MODEL_NAME, startDemoModel } from './demo/index.js';
