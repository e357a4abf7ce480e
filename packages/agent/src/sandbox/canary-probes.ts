/*
 * The one agent file allowed to import fs, child_process and net (it is exempt from the lint rule in
 * eslint.config.js). Each probe deliberately attempts an operation the sandbox must deny, so the
 * engine can refuse an agent whose sandbox is not actually in force. Keep it to the probes only.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import type { CanaryResult } from '@parapet/wire';

export interface CanaryTargets {
  /** A file in the workspace the agent must not be able to read. */
  canaryPath: string | undefined;
  /** A loopback TCP port the engine listens on; the agent must not reach it. */
  tcpPort: number | undefined;
}

const TCP_PROBE_TIMEOUT_MS = 1500;

export async function runCanaryProbes(targets: CanaryTargets): Promise<CanaryResult[]> {
  return [
    probeFsRead(targets.canaryPath),
    probeFsWrite(targets.canaryPath),
    probeSpawn(),
    await probeTcpConnect(targets.tcpPort),
  ];
}

function probeFsRead(canaryPath: string | undefined): CanaryResult {
  if (!canaryPath) return { probe: 'fs_read_workspace', succeeded: false, detail: 'not run: no canary path given' };
  return attempt('fs_read_workspace', () => {
    readFileSync(canaryPath);
  });
}

function probeFsWrite(canaryPath: string | undefined): CanaryResult {
  if (!canaryPath) return { probe: 'fs_write', succeeded: false, detail: 'not run: no canary path given' };
  return attempt('fs_write', () => {
    writeFileSync(join(dirname(canaryPath), `write-probe-${process.pid}`), 'written by the agent');
  });
}

function probeSpawn(): CanaryResult {
  return attempt('spawn_process', () => {
    const result = spawnSync(process.execPath, ['--version'], { stdio: 'ignore' });
    if (result.error) throw result.error;
  });
}

function attempt(probe: string, operation: () => void): CanaryResult {
  try {
    operation();
    return { probe, succeeded: true, detail: 'the operation succeeded' };
  } catch (error) {
    return { probe, succeeded: false, detail: describe(error) };
  }
}

function probeTcpConnect(port: number | undefined): Promise<CanaryResult> {
  const probe = 'tcp_connect';
  if (port === undefined || !Number.isInteger(port) || port <= 0) {
    return Promise.resolve({ probe, succeeded: false, detail: 'not run: no port given' });
  }
  return new Promise((resolve) => {
    let socket: ReturnType<typeof connect>;
    const settle = (result: CanaryResult): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ probe, succeeded: false, detail: 'timed out' }), TCP_PROBE_TIMEOUT_MS);
    try {
      socket = connect({ host: '127.0.0.1', port });
    } catch (error) {
      clearTimeout(timer);
      resolve({ probe, succeeded: false, detail: describe(error) });
      return;
    }
    socket.once('connect', () => settle({ probe, succeeded: true, detail: `connected to 127.0.0.1:${port}` }));
    socket.once('error', (error) => settle({ probe, succeeded: false, detail: describe(error) }));
  });
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : String((error as Error).message ?? error);
}
