import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../redact/redactor.js';
import { runExecutor, type RunOptions } from './run.js';

const redactor = createRedactor();
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A workspace whose config holds `token`, searched as the model would. */
function workspaceWith(token: string): RunOptions {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-oracle-')));
  roots.push(root);
  mkdirSync(path.join(root, 'app'));
  writeFileSync(path.join(root, 'app', 'deploy.env'), `# deploy settings\nGITHUB=${token}\nrepo url ${token} end\nREGION=eu-west-1\n`);
  return { workspace: root, timeoutMs: 10_000, maxOutputBytes: 16_384, protectedPaths: [], protectedInodes: () => new Set(), redact: (text) => redactor.redact(text) };
}

function search(options: RunOptions, pattern: string): Promise<string> {
  return runExecutor('search_files', { pattern, path: options.workspace }, options);
}

// Same length and shape; they differ at every character the probes below ask about.
const SECRET_A = 'ghp_abcdCfghijklmnopqrstuvwxyz0123456789';
const SECRET_B = 'ghp_ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210';

describe('search_files never becomes a redaction oracle', () => {
  const probes = ['/ghp_.{4}C/', '/ghp_a/', '/ghp_[a-m]/i', '/GITHUB=gh/', '/=.{44}$/', 'ghp_abcd', '/9$/', '/REDACTED/', '/deploy/'];
  it('gives the same answer to every probe whatever the secret’s characters are', async () => {
    const a = workspaceWith(SECRET_A);
    const b = workspaceWith(SECRET_B);
    for (const pattern of probes) {
      const [fromA, fromB] = [await search(a, pattern), await search(b, pattern)];
      expect(fromA, pattern).toBe(fromB);
      expect(fromA).not.toContain(SECRET_A);
      expect(fromB).not.toContain(SECRET_B);
    }
  });

  it('finds what the model can see: the redacted line and the text around the secret', async () => {
    const out = await search(workspaceWith(SECRET_A), 'repo url');
    expect(out.split('\n')).toEqual(['1 match for "repo url" in .', 'app/deploy.env:3: repo url [REDACTED] end']);
  });

  it('cannot probe the body of a private key that spans lines', async () => {
    const options = workspaceWith(SECRET_A);
    writeFileSync(path.join(options.workspace, 'id_rsa'), '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\nQQQQ\n-----END RSA PRIVATE KEY-----\n');
    expect((await search(options, '/MIIEow/')).split('\n')[0]).toBe('0 matches for "/MIIEow/" in .');
  });
});
