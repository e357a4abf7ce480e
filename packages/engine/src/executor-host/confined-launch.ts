import { access, constants } from 'node:fs/promises';
import { EGRESS_JAIL_DIR, JAIL_COMMAND_LAUNCHER, JAIL_WORKSPACE } from './protocol.js';

export const DEFAULT_UNSHARE_CANDIDATES: readonly string[] = ['/usr/bin/unshare', '/bin/unshare', '/usr/sbin/unshare', '/sbin/unshare'];

/**
 * Runs inside the new namespaces (as their root), before the executor: builds a tmpfs root holding
 * the system folders read-only, the workspace read-write at JAIL_WORKSPACE, the bundle, the command
 * launcher and a few character devices, a private /tmp and a minimal /etc written here (never the
 * host's), makes that root read-only, pivots into it and detaches the old root, so no path the
 * executor follows (a swapped-in symlink included) can reach the user's other files.
 * /proc is mounted only for `umount` to find the old root and is detached before node starts.
 * With $6 (the engine's egress proxy folder) the folder is mounted read-only at EGRESS_JAIL_DIR and
 * loopback is brought up, so the executor can forward a loopback port to the proxy; the namespace
 * still has no other interface and no route out.
 * Arguments: $1 mount point for the new root, $2 workspace, $3 bundle, $4 node, $5 command launcher,
 * $6 egress folder or empty.
 */
const SETUP_SCRIPT = `set -eu
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
R=$1
mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs "$R"
for d in usr bin sbin lib lib32 lib64 libx32; do
  if [ -L "/$d" ]; then ln -s "$(readlink "/$d")" "$R/$d"
  elif [ -d "/$d" ]; then mkdir "$R/$d"; mount --rbind "/$d" "$R/$d"; mount -o remount,bind,ro,nosuid,nodev "$R/$d"; fi
done
mkdir -p "$R${JAIL_WORKSPACE}" "$R/executor" "$R/dev" "$R/proc" "$R/old-root"
mount --bind "$2" "$R${JAIL_WORKSPACE}"
mount -o remount,bind,nosuid,nodev "$R${JAIL_WORKSPACE}"
touch "$R/executor/executor.cjs"
mount --bind "$3" "$R/executor/executor.cjs"
mount -o remount,bind,ro,nosuid,nodev "$R/executor/executor.cjs"
touch "$R${JAIL_COMMAND_LAUNCHER}"
mount --bind "$5" "$R${JAIL_COMMAND_LAUNCHER}"
mount -o remount,bind,ro,nosuid,nodev "$R${JAIL_COMMAND_LAUNCHER}"
case "$4" in /usr/*|/bin/*|/sbin/*|/lib*) ;; *) mkdir -p "$R$(dirname "$4")"; touch "$R$4"; mount --bind "$4" "$R$4"; mount -o remount,bind,ro,nosuid,nodev "$R$4";; esac
if [ -n "$6" ]; then
  mkdir "$R${EGRESS_JAIL_DIR}"; mount --bind "$6" "$R${EGRESS_JAIL_DIR}"; mount -o remount,bind,ro,nosuid,nodev,noexec "$R${EGRESS_JAIL_DIR}"
  ip link set lo up
fi
for f in null zero random urandom; do touch "$R/dev/$f"; mount --bind "/dev/$f" "$R/dev/$f"; done
mkdir -p "$R/tmp" "$R/etc"
mount -t tmpfs -o mode=1777,nosuid,nodev,size=256m tmpfs "$R/tmp"
printf 'root:x:0:0:root:/tmp:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' > "$R/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$R/etc/group"
printf '[user]\n\tname = Parapet agent\n\temail = agent@parapet.invalid\n[init]\n\tdefaultBranch = main\n' > "$R/etc/gitconfig"
mount -t proc -o nosuid,nodev,noexec proc "$R/proc"
mount -o remount,bind,ro,nosuid,nodev "$R"
cd "$R"
pivot_root . old-root
exec chroot . /bin/sh -c 'umount -l /old-root && umount -l /proc && cd ${JAIL_WORKSPACE} && exec "$0" /executor/executor.cjs' "$4"
`;

export interface ConfinedLaunchTargets {
  /** The executor's one-file bundle. */
  readonly bundle: string;
  /** The command launcher binary (native/confine-command.c), mounted at JAIL_COMMAND_LAUNCHER. */
  readonly commandLauncher: string;
  /** Canonical absolute workspace root. */
  readonly workspace: string;
  /** An empty folder (outside the workspace) the new root is mounted on, inside the namespace only. */
  readonly rootMountPoint: string;
  readonly nodePath?: string;
  /** The engine's egress proxy folder, made visible to the executor; absent: commands get no network. */
  readonly egressDir?: string;
}

export interface LaunchCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Which namespace variant this is, for logs and errors. */
  readonly variant: string;
}

/**
 * The command lines that may start a confined executor here, best first: as root, new mount, pid
 * and network namespaces; unprivileged, the same inside a user namespace. `--kill-child` and the pid
 * namespace make the executor die with its launcher. Empty when no `unshare` is installed.
 */
export async function confinedLaunchCommands(
  targets: ConfinedLaunchTargets,
  unshareCandidates: readonly string[] = DEFAULT_UNSHARE_CANDIDATES,
): Promise<LaunchCommand[]> {
  const unshare = await firstExecutable(unshareCandidates);
  if (!unshare) return [];
  const namespaces = ['--mount', '--net', '--pid', '--fork', '--kill-child'];
  const node = targets.nodePath ?? process.execPath;
  const setup = ['/bin/sh', '-c', SETUP_SCRIPT, 'parapet-executor-setup', targets.rootMountPoint, targets.workspace, targets.bundle, node, targets.commandLauncher, targets.egressDir ?? ''];
  const variants: [string, string[]][] = [
    ['mount namespace', namespaces],
    ['mount namespace in a user namespace', ['--user', '--map-root-user', ...namespaces]],
  ];
  const usable = process.getuid?.() === 0 ? variants : variants.slice(1);
  return usable.map(([variant, flags]) => ({ command: unshare, args: [...flags, ...setup], variant }));
}

async function firstExecutable(paths: readonly string[]): Promise<string | undefined> {
  for (const candidate of paths) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next location
    }
  }
  return undefined;
}
