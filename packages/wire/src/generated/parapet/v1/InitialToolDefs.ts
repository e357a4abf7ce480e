// Original file: proto/parapet/v1/agent.proto

import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from '../../parapet/v1/ToolDef.js';
import type { ToolGroup as _parapet_v1_ToolGroup, ToolGroup__Output as _parapet_v1_ToolGroup__Output } from '../../parapet/v1/ToolGroup.js';

export interface InitialToolDefs {
  'tools'?: (_parapet_v1_ToolDef)[];
  'groups'?: (_parapet_v1_ToolGroup)[];
}

export interface InitialToolDefs__Output {
  'tools': (_parapet_v1_ToolDef__Output)[];
  'groups': (_parapet_v1_ToolGroup__Output)[];
}
