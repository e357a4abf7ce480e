import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runStartUntilExit, startParapet, type RunningParapet } from '../harness/parapet.js';

/* A strict-mode agent that can reach the network is refused like one missing any other layer. */

const NO_NAMESPACE = 'agent:\n  network_namespace: false\n';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the network layer of the agent sandbox', () => {
  it('refuses, in strict mode, an agent whose TCP canary succeeds, saying how to run weaker and what that gives up', async () => {
    const home = mkdtempSync(join(tmpdir(), 'parapet-net-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(join(home, 'config.yaml'), NO_NAMESPACE);
    const { code, output } = await runStartUntilExit(home);
    expect(code).not.toBe(0);
    expect(output).toContain('SANDBOX_UNSAFE: agent sandbox unsafe: missing network namespace; refusing to run the agent');
    expect(output).toContain('start with --weak-sandbox');
    expect(output).toContain('could then open network connections');
    expect(output).toMatch(/the engine failed to start/);
  });

  it('runs the same agent with --weak-sandbox and lists the network layer as missing in status', async () => {
    const parapet: RunningParapet = await startParapet({ config: NO_NAMESPACE, extraArgs: ['--weak-sandbox'] });
    cleanups.push(async () => {
      await parapet.stop();
      parapet.cleanup();
    });
    const status = await parapet.status();
    expect(status.sandbox).toMatchObject({ mode: 'weak', networkNamespace: false, permissionModel: true });
    expect(status.sandbox.missing).toEqual(['network namespace']);
    expect(status.sandbox.canaries.find((c) => c.probe === 'tcp_connect')).toMatchObject({ succeeded: true });
    const human = await parapet.cli(['status']);
    expect(human.stdout).toContain('missing layers: network namespace');
  });
});
