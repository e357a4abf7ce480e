export { defaultConfigYaml } from './default-yaml.js';
export { ensureDirectories } from './ensure-dirs.js';
export { ConfigError } from './errors.js';
export { loadConfig, resolveHome, type LoadConfigOptions } from './load.js';
export { canonicalPath, expandTilde, isWithin } from './paths.js';
export type { ApprovalsConfig, EngineConfig, EnginePaths, EvaluatorConfig, GuardrailsConfig, Limits, LlmConfig, LlmEndpoint, PolicyChoice, TelegramConfig, WebConfig } from './types.js';
