import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { HEAP_GROWING_PERCENT } from '../lifecycle/heap-growth.js';

/** `--permission` is the stable name from Node 22.13 / 23.5; older releases only know the experimental flag. */
export function permissionFlag(version: string = process.versions.node): string {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13) ? '--permission' : '--experimental-permission';
}

const UNSHARE_CANDIDATES = ['/usr/bin/unshare', '/bin/unshare', '/usr/sbin/unshare', '/sbin/unshare'];

let namespacePrefix: Promise<string[] | null> | undefined;

/**
 * Finds how to give the agent a fresh network namespace here: `unshare --net` as root, or through a
 * user namespace when unprivileged. Probed once (by running node inside it) and cached; null when
 * neither works (e.g. a container without CAP_SYS_ADMIN and with user namespaces disabled).
 */
export function networkNamespacePrefix(): Promise<string[] | null> {
  namespacePrefix ??= probeNetworkNamespace();
  return namespacePrefix;
}

async function probeNetworkNamespace(): Promise<string[] | null> {
  const unshare = await firstExecutable(UNSHARE_CANDIDATES);
  if (!unshare) return null;
  const variants = process.getuid?.() === 0 ? [['--net'], ['--user', '--map-root-user', '--net']] : [['--user', '--map-root-user', '--net']];
  for (const flags of variants) {
    if (await runs(unshare, [...flags, process.execPath, '--version'])) return [unshare, ...flags];
  }
  return null;
}

async function firstExecutable(paths: readonly string[]): Promise<string | undefined> {
  for (const path of paths) {
    try {
      await access(path, constants.X_OK);
      return path;
    } catch {
      // try the next location
    }
  }
  return undefined;
}

function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { env: {}, timeout: 5000 }, (error) => resolve(!error));
  });
}

export interface LaunchPlan {
  command: string;
  args: string[];
  env: Record<string, string>;
  permissionModel: boolean;
  networkNamespace: boolean;
  emptyEnvironment: boolean;
}

export interface LaunchTargets {
  agentEntry: string;
  socketPath: string;
  canaryPath: string;
  canaryPort: number;
  /** False: leave the agent in the engine's network namespace (the assessment then reports the layer missing). */
  networkNamespace: boolean;
}

/**
 * The agent's young generation, in MB per semi-space. V8 grows it to 16 MB under a long session
 * (8 → 32 MB of new space) although the agent keeps under 20 MB alive; 4 MB holds a turn's
 * short-lived objects (bench `long-session`).
 */
export const AGENT_SEMI_SPACE_MB = 4;
/**
 * glibc gives each thread that allocates its own malloc arena; V8's background threads (compiling,
 * marking) then leave freed memory spread over several of them, which RSS keeps (bench
 * `long-session`: about 10 MB of the agent's growth over 500 turns). Two arenas hold it.
 */
export const AGENT_MALLOC_ARENAS = 2;

/**
 * The agent's command line: node under the permission model (reads of its own bundle only; no fs
 * writes, child processes, workers or addons), inside a fresh network namespace when available, with
 * an environment holding only what it needs to connect and to run its canaries, and the malloc
 * arena cap (no secret, read by glibc alone). Unix sockets are
 * path-based, so the engine's socket stays reachable from the new namespace, and Node's permission
 * model (Node 20–24) does not gate socket connects, so no extra grant is needed for it.
 */
export async function planAgentLaunch(targets: LaunchTargets): Promise<LaunchPlan> {
  const nodeArgs = [
    permissionFlag(),
    `--allow-fs-read=${targets.agentEntry}`,
    '--no-addons',
    `--max-semi-space-size=${AGENT_SEMI_SPACE_MB}`,
    `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    '--disable-warning=ExperimentalWarning',
    targets.agentEntry,
  ];
  const env = {
    PARAPET_AGENT_SOCKET: targets.socketPath,
    PARAPET_AGENT_CANARY: targets.canaryPath,
    PARAPET_AGENT_CANARY_PORT: String(targets.canaryPort),
    MALLOC_ARENA_MAX: String(AGENT_MALLOC_ARENAS),
  };
  const prefix = targets.networkNamespace ? await networkNamespacePrefix() : null;
  const base = { env, permissionModel: true, emptyEnvironment: true };
  if (!prefix) return { ...base, command: process.execPath, args: nodeArgs, networkNamespace: false };
  const [command = process.execPath, ...flags] = prefix;
  return { ...base, command, args: [...flags, process.execPath, ...nodeArgs], networkNamespace: true };
}
