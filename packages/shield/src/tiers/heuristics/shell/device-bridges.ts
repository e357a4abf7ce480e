import type { Arg, SimpleCommand } from './model.js';
import { operands, options } from './options.js';

/**
 * What a command does through a device bridge: adb to an Android phone or emulator, `xcrun simctl`
 * to the iOS simulator.
 * - `look`: lists devices, reads logs and properties, forwards ports, starts an app;
 * - `install`: installs the app files in `files` on the device;
 * - `copy-off`: copies the device's data (its files, a backup of its apps, a bug report) to `files`;
 * - `copy-on`: copies the local `files` onto the device;
 * - `remove`: uninstalls an app or clears its data (`packages`);
 * - `permission`: changes what an app may do (`pm grant`, `appops`, a secure setting);
 * - `network`: opens the device's debugging bridge to the network (`adb tcpip`);
 * - `system`: roots, remounts, flashes or reboots into the bootloader;
 * - `shell`: runs any other command on the device.
 */
export type DeviceAct =
  | 'look'
  | 'install'
  | 'copy-off'
  | 'copy-on'
  | 'remove'
  | 'permission'
  | 'network'
  | 'system'
  | 'shell';

export interface DeviceUse {
  readonly act: DeviceAct;
  /** Local files read (`install`, `copy-on`) or written (`copy-off`). */
  readonly files: readonly Arg[];
  /** App packages acted on (`remove`, `permission`). */
  readonly packages: readonly Arg[];
  /** What is done, for a reason shown to a person: `adb shell pm clear com.acme.app`. */
  readonly detail: string;
}

const ADB_GLOBAL_VALUES = options('-s -t -H -P -L');
const LOOKING = new Set([
  'devices',
  'get-state',
  'get-serialno',
  'get-devpath',
  'version',
  'help',
  'start-server',
  'kill-server',
  'reconnect',
  'logcat',
  'reverse',
  'forward',
  'wait-for-device',
  'wait-for-usb-device',
  'wait-for-local-device',
  'mdns',
]);
/** Device commands that only look, or start and stop the user's apps. */
const LOOKING_ON_DEVICE =
  /^(?:getprop|dumpsys|ps|top|df|uptime|logcat|wm\s|input\s|pm\s+(?:list|path)\b|am\s+(?:start|force-stop)\b|settings\s+get\b|cmd\s+package\s+list\b)/u;
const SYSTEM = new Set([
  'root',
  'unroot',
  'remount',
  'disable-verity',
  'enable-verity',
  'sideload',
  'restore',
  'reboot',
  'emu',
]);

const use = (
  act: DeviceAct,
  detail: string,
  files: Arg[] = [],
  packages: Arg[] = [],
): DeviceUse => ({
  act,
  files,
  packages,
  detail,
});

/** Judges `adb shell …` by the command it runs on the device. */
function onDevice(words: readonly Arg[], detail: string): DeviceUse {
  const line = words.map((w) => w.text).join(' ');
  if (LOOKING_ON_DEVICE.test(line)) return use('look', detail);
  const removing = /^pm\s+(?:clear|uninstall)\b/u.test(line);
  const targets = words.slice(2).filter((w) => !w.text.startsWith('-'));
  if (removing) return use('remove', detail, [], targets.slice(0, 1));
  if (/^settings\s+put\s+global\s+adb_wifi_enabled\s+1\b/u.test(line))
    return use('network', detail);
  if (
    /^(?:pm\s+(?:grant|revoke)|appops\s+set|cmd\s+appops\s+set|settings\s+put\s+secure)\b/u.test(
      line,
    )
  )
    return use('permission', detail, [], targets.slice(0, 1));
  if (/^(?:su|setprop|mount|reboot)\b/u.test(line)) return use('system', detail);
  return use('shell', detail);
}

function adb(cmd: SimpleCommand): DeviceUse {
  const ops = operands(cmd.args, ADB_GLOBAL_VALUES);
  const sub = ops[0]?.text ?? '';
  const rest = ops.slice(1);
  const detail = `adb ${ops.map((a) => a.text).join(' ')}`.trim();
  if (sub === '' || LOOKING.has(sub)) return use('look', detail);
  if (sub === 'install' || sub === 'install-multiple' || sub === 'install-multi-package')
    return use('install', detail, rest);
  if (sub === 'uninstall') return use('remove', detail, [], rest.slice(0, 1));
  // `pull SRC… [DEST]`: the last operand is the local copy when there are two or more.
  if (sub === 'pull') return use('copy-off', detail, rest.length > 1 ? rest.slice(-1) : []);
  if (sub === 'backup' || sub === 'bugreport') {
    const file = cmd.args.findIndex((a) => a.text === '-f');
    const out = file >= 0 ? cmd.args.slice(file + 1, file + 2) : sub === 'bugreport' ? rest : [];
    return use('copy-off', detail, out);
  }
  if (sub === 'push') return use('copy-on', detail, rest.slice(0, -1));
  if (sub === 'tcpip') return use('network', detail);
  if (SYSTEM.has(sub)) return use('system', detail);
  if (sub === 'shell' || sub === 'exec-out') return onDevice(rest, detail);
  return use('shell', detail);
}

/** `xcrun simctl`: everything it does stays in the simulator, whose files are the user's own. */
function simctl(cmd: SimpleCommand): DeviceUse | undefined {
  const ops = operands(cmd.args, options(''));
  if (ops[0]?.text !== 'simctl') return undefined;
  const sub = ops[1]?.text ?? '';
  const detail = `xcrun ${ops.map((a) => a.text).join(' ')}`;
  const rest = ops.slice(3);
  if (sub === 'install' || sub === 'addmedia') return use('copy-on', detail, rest);
  if (sub === 'io' && /^(?:screenshot|recordVideo)$/u.test(rest[0]?.text ?? ''))
    return use('copy-off', detail, rest.slice(1));
  return use('look', detail);
}

/** What a device bridge's command does, or undefined for any other program. */
export function deviceUse(cmd: SimpleCommand): DeviceUse | undefined {
  if (cmd.name === 'adb') return adb(cmd);
  if (cmd.name === 'xcrun') return simctl(cmd);
  return undefined;
}
