import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliBin, startParapet, type RunningParapet } from '../harness/parapet.js';

/* A model install either completes or leaves nothing; a half-made folder never stops the engine. */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A mirror that promises 4 KB of model.onnx and hangs up after 16 bytes. */
async function brokenMirror(): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 4096 });
    res.write(Buffer.alloc(16, 7));
    setImmediate(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/onnx/`;
}

function cli(args: readonly string[], home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PARAPET_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('installing the prompt-injection classifier', () => {
  it('leaves no model folder when parapet models pull fails mid-download', async () => {
    const home = mkdtempSync(join(tmpdir(), 'parapet-pull-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const result = await cli(['models', 'pull', '--url', await brokenMirror(), '--trust-on-first-use'], home);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^parapet: download of http:\/\/127.0.0.1:\d+\/onnx\/model.onnx failed/);
    expect(existsSync(join(home, 'models', 'prompt-injection'))).toBe(false);
    expect(readdirSync(join(home, 'models'))).toEqual([]);
  });

  it('starts the engine over an incomplete model folder, with a warning, and reports the classifier absent', async () => {
    const parapet: RunningParapet = await startParapet({
      // What a failed pull used to leave behind: the folder and nothing in it.
      prepareHome: (home) => mkdirSync(join(home, 'models', 'prompt-injection'), { recursive: true }),
    });
    cleanups.push(async () => {
      await parapet.stop();
      parapet.cleanup();
    });
    expect(parapet.managerOutput()).toMatch(/WARN {2}incomplete prompt-injection model folder: classifier treated as absent/);
    const { shield } = await parapet.status();
    expect(shield.tiers.find((tier) => tier.name.includes('classifier'))).toMatchObject({ available: false });
    expect((await parapet.cli(['status'])).stdout).toMatch(/tier 1 classifier \(1b\): absent/);
  });
});
