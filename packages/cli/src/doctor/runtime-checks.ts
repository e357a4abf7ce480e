import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { permissionFlag } from '@parapet/engine/client';
import { fail, ok, warn, type CheckResult } from './check.js';

const UNSHARE_CANDIDATES = ['/usr/bin/unshare', '/bin/unshare', '/usr/sbin/unshare', '/sbin/unshare'];

function runs(command: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(command, [...args], { env: {}, timeout: 5_000 }, (error) => resolve(!error)));
}

async function findUnshare(): Promise<string | undefined> {
  for (const candidate of UNSHARE_CANDIDATES) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Next place.
    }
  }
  return undefined;
}

export function nodeCheck(version: string = process.versions.node): CheckResult {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const supported = major > 20 || (major === 20 && minor >= 19);
  return supported ? ok('node', `Node.js ${version}`) : fail('node', `Node.js ${version} is too old`, 'install Node.js 20.19 or newer (22, 24 work too)');
}

/**
 * The layers the engine puts around the agent and the executor, tried the way the engine tries them:
 * Node's permission model, and unshare's user, network and mount namespaces (through a user
 * namespace when not root).
 */
export async function sandboxChecks(): Promise<CheckResult[]> {
  const flag = permissionFlag();
  const results: CheckResult[] = [
    (await runs(process.execPath, [flag, '-e', '0']))
      ? ok('permission model', `node ${flag} works`)
      : fail('permission model', `node ${flag} does not run`, 'use Node.js 20.19+ built with the permission model'),
  ];
  const unshare = await findUnshare();
  if (!unshare) {
    const fix = 'install util-linux (it provides unshare), or run with --weak-sandbox knowing the layers are missing';
    return [...results, ...['user namespace', 'network namespace', 'mount namespace'].map((name) => fail(name, 'unshare is not installed', fix))];
  }
  const root = process.getuid?.() === 0;
  const viaUser = root ? [] : ['--user', '--map-root-user'];
  const userNs = await runs(unshare, ['--user', '--map-root-user', process.execPath, '--version']);
  const kernelFix = 'allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or an AppArmor/container profile that permits them), or run the engine as root';
  results.push(userNs ? ok('user namespace', 'unshare --user works') : (root ? warn : fail)('user namespace', 'this kernel refuses user namespaces here', kernelFix));
  const layers: [string, string][] = [
    ['network namespace', '--net'],
    ['mount namespace', '--mount'],
  ];
  for (const [name, option] of layers) {
    const works = await runs(unshare, [...viaUser, option, process.execPath, '--version']);
    results.push(works ? ok(name, `unshare ${option} works${root ? '' : ' in a user namespace'}`) : fail(name, `unshare ${option} is refused`, kernelFix));
  }
  return results;
}
