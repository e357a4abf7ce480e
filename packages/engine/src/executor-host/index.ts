export { createExecutorHost, EXECUTOR_LAYER, type ExecutorHost } from './executor-host.js';
export type { ExecutorHostOptions, ExecutorStatus } from './types.js';
export { commandLayers } from './command-layers.js';
