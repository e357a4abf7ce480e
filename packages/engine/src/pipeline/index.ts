export { engineProtectedPaths, protectedPaths, type ProtectedPaths } from './protected-paths.js';
export { createToolPipeline, type ToolPipeline, type ToolPipelineOptions } from './tool-pipeline.js';
export type { ShieldPort, ToolCallResult, ToolProposalInput } from './types.js';
