import type { CanaryResult__Output } from '@parapet/wire';
import type { CanaryObservations } from './canary-bait.js';
import type { LaunchPlan } from './sandbox-launch.js';
import type { SandboxMode } from '@parapet/wire/client';
import type { SandboxReport } from './types.js';

/** Probes whose success means the agent could act on the machine: strict mode refuses such an agent. */
const BLOCKING_PROBES = {
  fs_read_workspace: 'fs read restriction (Node permission model)',
  fs_write: 'fs write restriction (Node permission model)',
  spawn_process: 'child-process restriction (Node permission model)',
} as const;
const NETWORK_LAYER = 'network namespace';

export interface SandboxAssessment {
  report: SandboxReport;
  /** Missing layers that make the agent unsafe to run (a reachable network included); empty when it may run in strict mode. */
  unsafe: string[];
}

/**
 * Judges the sandbox from the agent's canary report and the engine's own observations. Fail closed:
 * a blocking probe that was not reported counts as succeeded.
 */
export function assessSandbox(
  mode: SandboxMode,
  plan: Pick<LaunchPlan, 'permissionModel' | 'networkNamespace' | 'emptyEnvironment'>,
  reported: readonly CanaryResult__Output[],
  observed: CanaryObservations,
): SandboxAssessment {
  const canaries = reported.map((c) => ({ probe: c.probe, succeeded: c.succeeded, detail: c.detail }));
  const byProbe = new Map(canaries.map((c) => [c.probe, c]));
  const overrule = (probe: string, detail: string): void => {
    const entry = byProbe.get(probe);
    if (entry) Object.assign(entry, { succeeded: true, detail });
    else {
      const added = { probe, succeeded: true, detail };
      canaries.push(added);
      byProbe.set(probe, added);
    }
  };
  if (observed.unexpectedFiles.length > 0) overrule('fs_write', `engine found ${observed.unexpectedFiles.join(', ')} next to the canary`);
  if (observed.tcpConnectionSeen) overrule('tcp_connect', 'engine saw a connection on the canary listener');

  const permissionGaps = Object.entries(BLOCKING_PROBES)
    .filter(([probe]) => byProbe.get(probe)?.succeeded !== false)
    .map(([, layer]) => layer);
  // The agent needs no network (the engine relays model calls), so one it can reach is a missing layer.
  const networkDenied = byProbe.get('tcp_connect')?.succeeded === false;
  const networkNamespace = plan.networkNamespace && networkDenied;
  const unsafe = [...permissionGaps, ...(networkNamespace ? [] : [NETWORK_LAYER])];
  const missing = [...(plan.permissionModel ? [] : ['Node permission model']), ...unsafe];
  return {
    report: {
      mode,
      permissionModel: plan.permissionModel && permissionGaps.length === 0,
      networkNamespace,
      emptyEnvironment: plan.emptyEnvironment,
      canaries,
      missing,
    },
    unsafe,
  };
}
