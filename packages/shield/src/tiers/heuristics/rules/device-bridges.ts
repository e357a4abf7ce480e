import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import { deviceUse } from '../shell/device-bridges.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * A phone or emulator reached through adb, and the iOS simulator through `xcrun simctl`. Looking
 * (devices, logs, properties, forwarded ports) and installing the user's own build are routine;
 * what changes the device or takes its data is asked about, and an app downloaded on the same line
 * is code fetched and run.
 */
export const DEVICE_RULES = {
  dataCopy: defineRule(
    'device.data_copy',
    'escalate',
    "copies a phone's data off it (its files, app data or a backup of the whole device)",
  ),
  appRemoved: defineRule(
    'device.app_removed',
    'escalate',
    "uninstalls an app from a phone or clears the app's data",
  ),
  permissionChange: defineRule(
    'device.permission_change',
    'escalate',
    'changes what an app on a phone may do (permissions, app operations, secure settings)',
  ),
  networkDebugging: defineRule(
    'device.network_debugging',
    'escalate',
    "opens a phone's debugging bridge to the network: whoever connects controls the phone",
  ),
  systemChange: defineRule(
    'device.system_change',
    'escalate',
    "roots, remounts, flashes or restores a phone's system",
  ),
  deviceShell: defineRule('device.shell', 'escalate', 'runs a command on a phone'),
};

export const judgeDeviceBridges: ShellJudge = (facts, line, judge) => {
  const { cmd } = facts;
  if (cmd.name !== 'adb' && cmd.name !== 'xcrun') return;
  const device = deviceUse(cmd);
  const findings = judge.findings;
  if (device === undefined) {
    // `xcrun` runs any developer tool by name: only the simulator's is known here.
    const tool = cmd.args.find((a) => !a.text.startsWith('-'))?.text ?? '';
    findings.add(SHELL_EXECUTION_RULES.unknownCommand, `xcrun ${tool}`.trim());
    return;
  }
  switch (device.act) {
    case 'install': {
      const downloaded = line.downloadedPaths();
      for (const file of device.files)
        if (downloaded.has(usePath(file.text, judge.scope, cmd.cwd).path.absolute))
          findings.add(SHELL_EXECUTION_RULES.downloadedCode, device.detail);
      return;
    }
    case 'copy-off':
      if (cmd.name === 'adb') findings.add(DEVICE_RULES.dataCopy, device.detail);
      return;
    case 'remove':
      findings.add(DEVICE_RULES.appRemoved, device.packages[0]?.text ?? device.detail);
      return;
    case 'permission':
      findings.add(DEVICE_RULES.permissionChange, device.detail);
      return;
    case 'network':
      findings.add(DEVICE_RULES.networkDebugging, device.detail);
      return;
    case 'system':
      findings.add(DEVICE_RULES.systemChange, device.detail);
      return;
    case 'shell':
      findings.add(DEVICE_RULES.deviceShell, device.detail);
      return;
    default:
      return;
  }
};
