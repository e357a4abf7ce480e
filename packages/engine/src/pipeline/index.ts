export { engineProtectedPaths, protectedPaths, type ProtectedPaths } from './protected-paths.js';
export { createToolPipeline, type ToolPipeline, type ToolPipelineOptions } from './tool-pipeline.js';
export type { MetaToolCall } from './meta-call.js';
export type { ApprovalAsk, ApprovalOutcome, ApprovalPort, Halt, ShieldPort, ShieldTurnContext, Target, ToolCallResult, ToolProposalInput } from './types.js';
