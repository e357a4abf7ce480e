import { describe, expect, it } from 'vitest';
import { permissionFlag, planAgentLaunch } from './sandbox-launch.js';

describe('permissionFlag', () => {
  it('uses the experimental flag before Node 22.13 and the stable one from then on', () => {
    expect(permissionFlag('20.19.0')).toBe('--experimental-permission');
    expect(permissionFlag('22.12.0')).toBe('--experimental-permission');
    expect(permissionFlag('22.13.0')).toBe('--permission');
    expect(permissionFlag('24.1.0')).toBe('--permission');
  });
});

describe('planAgentLaunch', () => {
  it('grants reads of the agent bundle only (no writes, children, workers or addons), three variables and the malloc arena cap, and bounds the heap', async () => {
    const plan = await planAgentLaunch({ agentEntry: '/opt/agent.bundle.cjs', socketPath: '/run/p/agent.sock', canaryPath: '/ws/.c/canary.txt', canaryPort: 4321, networkNamespace: true });
    expect(plan.env).toEqual({
      PARAPET_AGENT_SOCKET: '/run/p/agent.sock',
      PARAPET_AGENT_CANARY: '/ws/.c/canary.txt',
      PARAPET_AGENT_CANARY_PORT: '4321',
      MALLOC_ARENA_MAX: '2',
    });
    expect(plan.args).toContain('--max-semi-space-size=4');
    expect(plan.args).toContain('--heap-growing-percent=50');
    expect(plan.args).toContain(permissionFlag());
    expect(plan.args).toContain('--allow-fs-read=/opt/agent.bundle.cjs');
    expect(plan.args).toContain('--no-addons');
    expect(plan.args.filter((a) => a.startsWith('--allow-'))).toEqual(['--allow-fs-read=/opt/agent.bundle.cjs']);
    expect(plan.args.at(-1)).toBe('/opt/agent.bundle.cjs');
    if (plan.networkNamespace) expect(plan.command).toMatch(/unshare$/);
    else expect(plan.command).toBe(process.execPath);
  });
});

describe('planAgentLaunch without a network namespace', () => {
  it('runs node directly when the namespace is turned off', async () => {
    const plan = await planAgentLaunch({ agentEntry: '/opt/agent.bundle.cjs', socketPath: '/s', canaryPath: '/c', canaryPort: 1, networkNamespace: false });
    expect(plan.command).toBe(process.execPath);
    expect(plan.networkNamespace).toBe(false);
  });
});
