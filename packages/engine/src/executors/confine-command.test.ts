import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/* The native launcher (native/confine-command.c) the confined executor starts every command with. */

const launcher = fileURLToPath(new URL('../../dist/confine-command', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-confine-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the launcher as the executor does: as root of a user namespace when the test is not root. */
function confine(readOnlyFiles: readonly string[], script: string): { status: number | null; stdout: string; stderr: string } {
  const argv = [launcher, String(readOnlyFiles.length), ...readOnlyFiles, '/bin/sh', '-c', script];
  const [file, ...args] = process.getuid?.() === 0 ? argv : ['unshare', '--user', '--map-root-user', ...argv];
  const result = spawnSync(file as string, args, { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the command launcher', () => {
  it('runs the command as the first process of its own pid namespace, with no capability and no_new_privs', () => {
    const { status, stdout } = confine([], 'echo "pid $$"; grep -E "^(CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):" /proc/self/status');
    expect(status).toBe(0);
    expect(stdout.replaceAll('\t', ' ')).toBe(
      ['pid 1', 'CapInh: 0000000000000000', 'CapPrm: 0000000000000000', 'CapEff: 0000000000000000', 'CapBnd: 0000000000000000', 'CapAmb: 0000000000000000', 'NoNewPrivs: 1', ''].join('\n'),
    );
  });

  it('makes each file read-only for the command alone and exits as the command did', () => {
    const guarded = path.join(dir, 'USER.md');
    const other = path.join(dir, 'notes.txt');
    writeFileSync(guarded, 'original\n');
    writeFileSync(other, 'before\n');
    const { status, stderr } = confine([guarded], `echo changed > '${guarded}'; rm -f '${guarded}'; echo after > '${other}'; exit 7`);
    expect(status).toBe(7);
    expect(stderr).toMatch(/Read-only file system/u);
    expect(readFileSync(guarded, 'utf8')).toBe('original\n');
    expect(readFileSync(other, 'utf8')).toBe('after\n');
    // The mount was the command's own: outside it the file is writable as before.
    writeFileSync(guarded, 'edited by a file tool\n');
    expect(readFileSync(guarded, 'utf8')).toBe('edited by a file tool\n');
  });

  it('does not run the command when a file cannot be made read-only, and says so', () => {
    const marker = path.join(dir, 'ran');
    const { status, stderr } = confine([path.join(dir, 'missing.md')], `touch '${marker}'`);
    expect(status).toBe(125);
    expect(stderr).toContain(`parapet: cannot make ${path.join(dir, 'missing.md')} read-only`);
    expect(stderr).toContain('the command was not run');
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a malformed argument list without running anything', () => {
    const marker = path.join(dir, 'ran');
    const result = spawnSync(launcher, ['2', path.join(dir, 'a'), '/bin/sh', '-c', `touch '${marker}'`], { encoding: 'utf8' });
    const missingProgram = spawnSync(launcher, ['1', '/bin/sh'], { encoding: 'utf8' });
    expect([result.status, missingProgram.status]).toEqual([125, 125]);
    expect(missingProgram.stderr).toContain('usage: confine-command COUNT FILE... PROGRAM');
    expect(existsSync(marker)).toBe(false);
  });
});
