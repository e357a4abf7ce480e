import { describe, expect, it } from 'vitest';
import { assessSandbox } from './sandbox-assessment.js';
import { sandboxUnsafeMessage } from './sandbox-message.js';

const layers = { permissionModel: true, networkNamespace: true, emptyEnvironment: true };
const nothingSeen = { tcpConnectionSeen: false, unexpectedFiles: [] };
const denied = (probe: string) => ({ probe, succeeded: false, detail: 'ERR_ACCESS_DENIED' });
const succeeded = (probe: string) => ({ probe, succeeded: true, detail: 'the operation succeeded' });
const allDenied = ['fs_read_workspace', 'fs_write', 'spawn_process', 'tcp_connect'].map(denied);

describe('assessSandbox', () => {
  it('reports every layer in force when every probe was denied', () => {
    const { report, unsafe } = assessSandbox('strict', layers, allDenied, nothingSeen);
    expect(unsafe).toEqual([]);
    expect(report).toMatchObject({ mode: 'strict', permissionModel: true, networkNamespace: true, emptyEnvironment: true, missing: [] });
    expect(report.canaries).toHaveLength(4);
  });

  it('names the missing layer when a file-system or process probe succeeded', () => {
    const canaries = [succeeded('fs_read_workspace'), denied('fs_write'), succeeded('spawn_process'), denied('tcp_connect')];
    const { report, unsafe } = assessSandbox('strict', layers, canaries, nothingSeen);
    expect(unsafe).toEqual(['fs read restriction (Node permission model)', 'child-process restriction (Node permission model)']);
    expect(report.permissionModel).toBe(false);
    expect(report.missing).toEqual(unsafe);
  });

  it('treats a blocking probe the agent did not report as succeeded', () => {
    const { unsafe } = assessSandbox('strict', layers, [denied('fs_read_workspace'), denied('tcp_connect')], nothingSeen);
    expect(unsafe).toEqual(['fs write restriction (Node permission model)', 'child-process restriction (Node permission model)']);
  });

  it('believes what the engine saw over what the agent reported', () => {
    const { report, unsafe } = assessSandbox('strict', layers, allDenied, { tcpConnectionSeen: true, unexpectedFiles: ['planted'] });
    expect(unsafe).toEqual(['fs write restriction (Node permission model)', 'network namespace']);
    expect(report.networkNamespace).toBe(false);
    expect(report.missing).toContain('network namespace');
    expect(report.canaries.find((c) => c.probe === 'fs_write')).toMatchObject({ succeeded: true, detail: expect.stringContaining('planted') });
  });

  it('counts a reachable network as a missing layer like the others', () => {
    const canaries = [...allDenied.slice(0, 3), succeeded('tcp_connect')];
    const { report, unsafe } = assessSandbox('strict', { ...layers, networkNamespace: false }, canaries, nothingSeen);
    expect(unsafe).toEqual(['network namespace']);
    expect(report.permissionModel).toBe(true);
    expect(report.missing).toEqual(['network namespace']);
  });
});

describe('sandboxUnsafeMessage', () => {
  it('names the missing layers, how to run weaker and what that gives up', () => {
    const message = sandboxUnsafeMessage(['network namespace']);
    expect(message).toContain('missing network namespace; refusing to run the agent');
    expect(message).toContain('--weak-sandbox');
    expect(message).toContain('agent.sandbox: weak');
    expect(message).toContain('open network connections');
  });
});
