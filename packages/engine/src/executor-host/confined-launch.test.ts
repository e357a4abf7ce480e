import { describe, expect, it } from 'vitest';
import { confinedLaunchCommands } from './confined-launch.js';

const targets = { bundle: '/opt/p/executor.bundle.cjs', commandLauncher: '/opt/p/confine-command', workspace: '/home/u/ws', rootMountPoint: '/home/u/.parapet/run/executor-root', nodePath: '/usr/bin/node' };

describe('the confined executor command line', () => {
  it('is empty when no unshare is installed', async () => {
    expect(await confinedLaunchCommands(targets, ['/nonexistent/unshare'])).toEqual([]);
  });

  it('asks for new mount, pid and network namespaces that die with the launcher, and passes the targets as arguments', async () => {
    const commands = await confinedLaunchCommands(targets, ['/bin/sh']);
    expect(commands.length).toBeGreaterThan(0);
    for (const { command, args } of commands) {
      expect(command).toBe('/bin/sh');
      expect(args).toEqual(expect.arrayContaining(['--mount', '--net', '--pid', '--fork', '--kill-child']));
      // Paths travel as positional arguments, never spliced into the script.
      // The last one, the egress proxy folder, is empty: commands get no network.
      expect(args.slice(-6)).toEqual([targets.rootMountPoint, targets.workspace, targets.bundle, targets.nodePath, targets.commandLauncher, '']);
      const script = args[args.indexOf('-c') + 1] ?? '';
      expect(script).not.toContain(targets.workspace);
      expect(script).toContain('pivot_root');
    }
    // Unprivileged, only the user-namespace variant can work.
    const userNamespace = commands.filter((c) => c.args.includes('--user'));
    expect(userNamespace).toHaveLength(1);
    if (process.getuid?.() !== 0) expect(commands).toHaveLength(1);
  });

  it('mounts the egress proxy folder and brings up loopback only when one is given', async () => {
    const [withEgress] = await confinedLaunchCommands({ ...targets, egressDir: '/home/u/.parapet/run/egress' }, ['/bin/sh']);
    expect(withEgress?.args.at(-1)).toBe('/home/u/.parapet/run/egress');
    const script = withEgress?.args[withEgress.args.indexOf('-c') + 1] ?? '';
    expect(script).toMatch(/if \[ -n "\$6" \]; then[\s\S]*mount --bind "\$6"[\s\S]*ip link set lo up[\s\S]*fi/u);
  });
});
