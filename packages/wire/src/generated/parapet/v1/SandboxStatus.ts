// Original file: proto/parapet/v1/client.proto

import type { CanaryResult as _parapet_v1_CanaryResult, CanaryResult__Output as _parapet_v1_CanaryResult__Output } from '../../parapet/v1/CanaryResult.js';

export interface SandboxStatus {
  'mode'?: (string);
  'permission_model'?: (boolean);
  'network_namespace'?: (boolean);
  'empty_environment'?: (boolean);
  'canaries'?: (_parapet_v1_CanaryResult)[];
  'missing'?: (string)[];
  'executor_confined'?: (boolean);
}

export interface SandboxStatus__Output {
  'mode': (string);
  'permission_model': (boolean);
  'network_namespace': (boolean);
  'empty_environment': (boolean);
  'canaries': (_parapet_v1_CanaryResult__Output)[];
  'missing': (string)[];
  'executor_confined': (boolean);
}
