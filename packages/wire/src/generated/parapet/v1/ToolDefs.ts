// Original file: proto/parapet/v1/agent.proto

import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from '../../parapet/v1/ToolDef.js';

export interface ToolDefs {
  'turn_id'?: (string);
  'tools'?: (_parapet_v1_ToolDef)[];
}

export interface ToolDefs__Output {
  'turn_id': (string);
  'tools': (_parapet_v1_ToolDef__Output)[];
}
