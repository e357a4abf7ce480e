import { describe, expect, it } from 'vitest';
import { assessSandbox } from './sandbox-assessment.js';

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
    expect(unsafe).toEqual(['fs write restriction (Node permission model)']);
    expect(report.networkNamespace).toBe(false);
    expect(report.missing).toContain('network namespace');
    expect(report.canaries.find((c) => c.probe === 'fs_write')).toMatchObject({ succeeded: true, detail: expect.stringContaining('planted') });
  });

  it('does not refuse an agent for reaching the network, but reports the layer as missing', () => {
    const canaries = [...allDenied.slice(0, 3), succeeded('tcp_connect')];
    const { report, unsafe } = assessSandbox('strict', { ...layers, networkNamespace: false }, canaries, nothingSeen);
    expect(unsafe).toEqual([]);
    expect(report.permissionModel).toBe(true);
    expect(report.missing).toEqual(['network namespace']);
  });
});
