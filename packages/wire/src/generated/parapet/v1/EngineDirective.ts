// Original file: proto/parapet/v1/agent.proto

import type { InitialToolDefs as _parapet_v1_InitialToolDefs, InitialToolDefs__Output as _parapet_v1_InitialToolDefs__Output } from '../../parapet/v1/InitialToolDefs.js';
import type { Process as _parapet_v1_Process, Process__Output as _parapet_v1_Process__Output } from '../../parapet/v1/Process.js';
import type { LlmPart as _parapet_v1_LlmPart, LlmPart__Output as _parapet_v1_LlmPart__Output } from '../../parapet/v1/LlmPart.js';
import type { ToolResult as _parapet_v1_ToolResult, ToolResult__Output as _parapet_v1_ToolResult__Output } from '../../parapet/v1/ToolResult.js';
import type { ToolDefs as _parapet_v1_ToolDefs, ToolDefs__Output as _parapet_v1_ToolDefs__Output } from '../../parapet/v1/ToolDefs.js';
import type { Cancel as _parapet_v1_Cancel, Cancel__Output as _parapet_v1_Cancel__Output } from '../../parapet/v1/Cancel.js';
import type { Shutdown as _parapet_v1_Shutdown, Shutdown__Output as _parapet_v1_Shutdown__Output } from '../../parapet/v1/Shutdown.js';

export interface EngineDirective {
  'initial_tool_defs'?: (_parapet_v1_InitialToolDefs | null);
  'process'?: (_parapet_v1_Process | null);
  'llm_part'?: (_parapet_v1_LlmPart | null);
  'tool_result'?: (_parapet_v1_ToolResult | null);
  'tool_defs'?: (_parapet_v1_ToolDefs | null);
  'cancel'?: (_parapet_v1_Cancel | null);
  'shutdown'?: (_parapet_v1_Shutdown | null);
  'directive'?: "initial_tool_defs"|"process"|"llm_part"|"tool_result"|"tool_defs"|"cancel"|"shutdown";
}

export interface EngineDirective__Output {
  'initial_tool_defs'?: (_parapet_v1_InitialToolDefs__Output | null);
  'process'?: (_parapet_v1_Process__Output | null);
  'llm_part'?: (_parapet_v1_LlmPart__Output | null);
  'tool_result'?: (_parapet_v1_ToolResult__Output | null);
  'tool_defs'?: (_parapet_v1_ToolDefs__Output | null);
  'cancel'?: (_parapet_v1_Cancel__Output | null);
  'shutdown'?: (_parapet_v1_Shutdown__Output | null);
  'directive'?: "initial_tool_defs"|"process"|"llm_part"|"tool_result"|"tool_defs"|"cancel"|"shutdown";
}
