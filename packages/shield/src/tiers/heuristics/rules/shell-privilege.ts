import { usePath, type Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeRead } from './locations.js';
import { operands, optionValues, options } from '../shell/options.js';
import { PRIVILEGE_WRAPPERS } from '../shell/wrappers.js';
import { alternation } from '../text/word-list.js';
import type { ShellJudge } from './shell-judge.js';
import type { SimpleCommand } from '../shell/model.js';

export const SHELL_PRIVILEGE_RULES = {
  elevation: defineRule(
    'privilege.elevation',
    'escalate',
    'runs a command as another user (sudo, doas, su …)',
  ),
  rootShell: defineRule('privilege.root_shell', 'block', 'opens a root shell'),
  passwordPipe: defineRule(
    'privilege.password_from_stdin',
    'block',
    'feeds a password to sudo from a script',
  ),
  setuid: defineRule('privilege.setuid', 'block', 'sets the setuid/setgid bit'),
  chownRoot: defineRule('privilege.chown_root', 'block', 'gives files to root or an admin group'),
  capabilities: defineRule(
    'privilege.capabilities',
    'block',
    'grants Linux capabilities to a program',
  ),
  accountChange: defineRule(
    'privilege.account_change',
    'block',
    'creates or changes user accounts, groups or passwords',
  ),
  containerEscape: defineRule(
    'privilege.container_escape',
    'block',
    'starts a container with host-level access',
  ),
  kernelModule: defineRule('privilege.kernel_module', 'block', 'loads or removes kernel modules'),
  mount: defineRule('privilege.mount', 'escalate', 'mounts or unmounts file systems'),
};

const ACCOUNT_TOOLS = new Set([
  'useradd',
  'usermod',
  'userdel',
  'groupadd',
  'groupmod',
  'groupdel',
  'gpasswd',
  'adduser',
  'deluser',
  'addgroup',
  'delgroup',
  'passwd',
  'chpasswd',
  'chage',
  'vipw',
  'vigr',
  'visudo',
  'chsh',
  'chfn',
  'newusers',
  'dscl',
  'sysadminctl',
  'net',
]);
const ADMIN_OWNER =
  /^(?:root|0|wheel|admin|sudo)(?::|$)|^:(?:root|0|wheel|admin|sudo)$|:(?:root|0|wheel|admin|sudo)$/u;
/** Host system folders that, mounted into a container, hand it the machine. */
const HOST_SYSTEM_FOLDERS = ['etc', 'var/run', 'proc', 'sys', 'dev', 'boot'];
/**
 * A volume of the host's root, its Docker socket, a system folder, or a whole home (`/root`, one
 * under `/home`, or all of them); a folder inside a home is judged by what it is.
 */
const HOST_SYSTEM_VOLUME = new RegExp(
  String.raw`^\/(?::|$)|docker\.sock|^\/(?:${alternation(HOST_SYSTEM_FOLDERS)})(?:\/|:|$)|^\/(?:home(?:\/[^/:,]+)?|root)\/?(?::|,|$)|source=\/(?:,|$)`,
  'u',
);

/**
 * What a container is given besides the host itself: each mounted folder outside the workspace is
 * read by whatever the image runs, so it is judged as a read of that folder (`~/.ssh` is keys).
 */
function judgeMountedFolders(volumes: readonly string[], judge: Judge): void {
  for (const volume of volumes) {
    const source = /(?:source|src)=([^,]+)/u.exec(volume)?.[1] ?? volume.split(':')[0] ?? '';
    if (!/^(?:\/|~)/u.test(source)) continue;
    const use = usePath(source, judge.scope);
    if (!use.path.inWorkspace) judgeRead(use, judge);
  }
}
/** `sudo -l` lists what the user may run, `-k` forgets the cached password, `-V` prints the version. */
const SUDO_QUERIES = new Set([
  '-l',
  '-ll',
  '--list',
  '-k',
  '-K',
  '--reset-timestamp',
  '--remove-timestamp',
  '-V',
  '--version',
]);
function onlyAsksAboutSudo(cmd: SimpleCommand): boolean {
  return (
    cmd.name === 'sudo' && cmd.args.length > 0 && cmd.args.every((a) => SUDO_QUERIES.has(a.text))
  );
}

const SHELL_NAMES = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'su']);

export const judgeShellPrivilege: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const line = facts.argsText;
  const elevatedBy = cmd.wrappers.filter((w) => PRIVILEGE_WRAPPERS.has(w));
  for (const wrapper of elevatedBy) findings.add(SHELL_PRIVILEGE_RULES.elevation, wrapper);
  // A privilege wrapper left with nothing to run (`sudo -s`, `sudo -i`), `su` alone, or `sudo su`.
  if (
    (['sudo', 'doas', 'pkexec'].includes(cmd.name) && !onlyAsksAboutSudo(cmd)) ||
    (cmd.name === 'su' && !cmd.args.some((a) => a.text === '-c'))
  ) {
    findings.add(SHELL_PRIVILEGE_RULES.rootShell, `${cmd.name} ${line}`.trim());
  }
  if (
    elevatedBy.length > 0 &&
    SHELL_NAMES.has(cmd.name) &&
    cmd.args.every((a) => a.text.startsWith('-') && a.text !== '-c')
  )
    findings.add(SHELL_PRIVILEGE_RULES.rootShell, `${elevatedBy.join(' ')} ${cmd.name}`);
  const passwordFromStdin = () =>
    (cmd.name === 'sudo' ? line.split(' ') : cmd.wrapperOptions).some((o) =>
      /^-[A-Za-z]*S[A-Za-z]*$|^--stdin$/u.test(o),
    );
  if ((cmd.name === 'sudo' || elevatedBy.includes('sudo')) && passwordFromStdin())
    findings.add(SHELL_PRIVILEGE_RULES.passwordPipe, 'sudo -S');
  if (cmd.name === 'chmod') {
    const mode = operands(cmd.args, options('--reference'))[0]?.text ?? '';
    if (/^[2-7][0-7]{3}$/u.test(mode) || /(?:^|,)[ugoa]*\+[rwxX]*s/u.test(mode))
      findings.add(SHELL_PRIVILEGE_RULES.setuid, `chmod ${mode}`);
  }
  if (cmd.name === 'chown' || cmd.name === 'chgrp') {
    const owner = operands(cmd.args, options('--reference'))[0]?.text ?? '';
    if (
      cmd.name === 'chgrp' ? /^(?:root|0|wheel|admin|sudo)$/u.test(owner) : ADMIN_OWNER.test(owner)
    )
      findings.add(SHELL_PRIVILEGE_RULES.chownRoot, `${cmd.name} ${owner}`);
  }
  if (cmd.name === 'setcap') findings.add(SHELL_PRIVILEGE_RULES.capabilities, line);
  if (
    ACCOUNT_TOOLS.has(cmd.name) &&
    !(cmd.name === 'net' && !/^(?:user|localgroup|group)\b/u.test(line)) &&
    !(cmd.name === 'passwd' && /^-S\b/u.test(line))
  ) {
    findings.add(SHELL_PRIVILEGE_RULES.accountChange, `${cmd.name} ${line}`);
  }
  if (['docker', 'podman', 'nerdctl'].includes(cmd.name) && /^(?:run|create|exec)\b/u.test(line)) {
    const volumes = optionValues(cmd.args, ['-v', '--volume', '--mount']).map((a) => a.text);
    const hostAccess =
      cmd.args.some((a) =>
        /^--(?:privileged|pid=host|ipc=host|userns=host|cap-add=(?:ALL|SYS_ADMIN|SYS_PTRACE|SYS_MODULE))$/u.test(
          a.text,
        ),
      ) || volumes.some((v) => HOST_SYSTEM_VOLUME.test(v));
    if (hostAccess) findings.add(SHELL_PRIVILEGE_RULES.containerEscape, line);
    else judgeMountedFolders(volumes, judge);
  }
  if (
    ['insmod', 'rmmod', 'modprobe', 'kextload', 'kextunload', 'kmutil'].includes(cmd.name) &&
    !/^(?:-l|--list|-n|--dry-run)\b/u.test(line)
  )
    findings.add(SHELL_PRIVILEGE_RULES.kernelModule, `${cmd.name} ${line}`);
  if ((cmd.name === 'mount' || cmd.name === 'umount') && cmd.args.length > 0)
    findings.add(SHELL_PRIVILEGE_RULES.mount, `${cmd.name} ${line}`);
};
