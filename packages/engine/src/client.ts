// What a client process needs from the engine package without loading the engine itself (Shield,
// model SDK, executors): config paths, the offline audit and database checks, the home lock. The
// wire's domain types and codecs are in `@parapet/wire/client`.
export { ConfigError, canonicalPath, defaultConfigYaml, expandTilde, loadConfig, resolveHome, type EngineConfig } from './config/index.js';
export { configFileSchema } from './config/schema.js';
export { formatHumanLine } from './logging/human-line.js';
export { createRedactor, type Redactor } from './redact/index.js';
export { verifyAuditFile } from './storage/verify-file.js';
export { checkDatabaseFile, type DatabaseIntegrity } from './storage/integrity-file.js';
export { permissionFlag } from './agent-host/sandbox-launch.js';
export {
  acquireHomeLock,
  homeLockPath,
  identityOf,
  isRunning,
  readHomeLock,
  runningOwner,
  type HomeLock,
  type HomeLockOwner,
  type ProcessIdentity,
} from './lifecycle/index.js';
