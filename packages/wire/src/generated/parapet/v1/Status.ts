// Original file: proto/parapet/v1/client.proto

import type { EngineStatus as _parapet_v1_EngineStatus, EngineStatus__Output as _parapet_v1_EngineStatus__Output } from '../../parapet/v1/EngineStatus.js';
import type { AgentStatus as _parapet_v1_AgentStatus, AgentStatus__Output as _parapet_v1_AgentStatus__Output } from '../../parapet/v1/AgentStatus.js';
import type { SandboxStatus as _parapet_v1_SandboxStatus, SandboxStatus__Output as _parapet_v1_SandboxStatus__Output } from '../../parapet/v1/SandboxStatus.js';
import type { ModelStatus as _parapet_v1_ModelStatus, ModelStatus__Output as _parapet_v1_ModelStatus__Output } from '../../parapet/v1/ModelStatus.js';
import type { ShieldStatus as _parapet_v1_ShieldStatus, ShieldStatus__Output as _parapet_v1_ShieldStatus__Output } from '../../parapet/v1/ShieldStatus.js';
import type { ExecutorStatus as _parapet_v1_ExecutorStatus, ExecutorStatus__Output as _parapet_v1_ExecutorStatus__Output } from '../../parapet/v1/ExecutorStatus.js';
import type { ApprovalsStatus as _parapet_v1_ApprovalsStatus, ApprovalsStatus__Output as _parapet_v1_ApprovalsStatus__Output } from '../../parapet/v1/ApprovalsStatus.js';
import type { CommandStatus as _parapet_v1_CommandStatus, CommandStatus__Output as _parapet_v1_CommandStatus__Output } from '../../parapet/v1/CommandStatus.js';
import type { TelegramStatus as _parapet_v1_TelegramStatus, TelegramStatus__Output as _parapet_v1_TelegramStatus__Output } from '../../parapet/v1/TelegramStatus.js';
import type { ModelRouteStatus as _parapet_v1_ModelRouteStatus, ModelRouteStatus__Output as _parapet_v1_ModelRouteStatus__Output } from '../../parapet/v1/ModelRouteStatus.js';
import type { LabeledSession as _parapet_v1_LabeledSession, LabeledSession__Output as _parapet_v1_LabeledSession__Output } from '../../parapet/v1/LabeledSession.js';

export interface Status {
  'engine'?: (_parapet_v1_EngineStatus | null);
  'agent'?: (_parapet_v1_AgentStatus | null);
  'sandbox'?: (_parapet_v1_SandboxStatus | null);
  'model'?: (_parapet_v1_ModelStatus | null);
  'shield'?: (_parapet_v1_ShieldStatus | null);
  'executor'?: (_parapet_v1_ExecutorStatus | null);
  'approvals'?: (_parapet_v1_ApprovalsStatus | null);
  'commands'?: (_parapet_v1_CommandStatus | null);
  'telegram'?: (_parapet_v1_TelegramStatus | null);
  'models'?: (_parapet_v1_ModelRouteStatus)[];
  'labeled_sessions'?: (_parapet_v1_LabeledSession)[];
}

export interface Status__Output {
  'engine': (_parapet_v1_EngineStatus__Output | null);
  'agent': (_parapet_v1_AgentStatus__Output | null);
  'sandbox': (_parapet_v1_SandboxStatus__Output | null);
  'model': (_parapet_v1_ModelStatus__Output | null);
  'shield': (_parapet_v1_ShieldStatus__Output | null);
  'executor': (_parapet_v1_ExecutorStatus__Output | null);
  'approvals': (_parapet_v1_ApprovalsStatus__Output | null);
  'commands': (_parapet_v1_CommandStatus__Output | null);
  'telegram': (_parapet_v1_TelegramStatus__Output | null);
  'models': (_parapet_v1_ModelRouteStatus__Output)[];
  'labeled_sessions': (_parapet_v1_LabeledSession__Output)[];
}
