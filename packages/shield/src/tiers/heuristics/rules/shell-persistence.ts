import { defineRule } from '../registry.js';
import type { ShellJudge } from './shell-judge.js';
import { alternation } from '../text/word-list.js';
import { setsKnownEditor } from './git-editor.js';

export const SHELL_PERSISTENCE_RULES = {
  cron: defineRule('persistence.cron', 'block', 'installs a cron job'),
  scheduledJob: defineRule(
    'persistence.scheduled_job',
    'escalate',
    'schedules a command to run later (at, batch, systemd timer)',
  ),
  serviceEnable: defineRule(
    'persistence.service_enable',
    'escalate',
    'enables a service or login agent to start automatically',
  ),
  gitConfigExec: defineRule(
    'persistence.git_config_exec',
    'block',
    'makes git run a program later (hooks path, fsmonitor, pager, ssh command, shell alias)',
  ),
  detached: defineRule(
    'persistence.detached_process',
    'escalate',
    'leaves a process running after the command ends',
  ),
  crontabRemove: defineRule(
    'persistence.crontab_remove',
    'escalate',
    "removes the user's cron jobs",
  ),
  sshCopyId: defineRule(
    'persistence.ssh_key_install',
    'block',
    'installs an SSH key for remote login',
  ),
};

/** `core.*` settings whose value git runs as a program. */
const CORE_COMMAND_KEYS = [
  'hooksPath',
  'fsmonitor',
  'sshCommand',
  'pager',
  'editor',
  'askPass',
  'gitProxy',
];
const DRIVER_SECTIONS = ['credential', 'diff', 'merge', 'filter'];
/** Per-driver settings (`filter.lfs.smudge`, `credential.helper`) whose value git runs. */
const DRIVER_COMMAND_KEYS = [
  'helper',
  'command',
  'textconv',
  'driver',
  'clean',
  'smudge',
  'process',
];
/** Git settings that make git run a program: hooks, helpers, drivers, pagers, shell aliases. */
const GIT_EXEC_KEYS = new RegExp(
  String.raw`\b(?:${[
    String.raw`core\.(?:${alternation(CORE_COMMAND_KEYS)})`,
    String.raw`(?:${alternation(DRIVER_SECTIONS)})\.[\w.-]*\.?(?:${alternation(DRIVER_COMMAND_KEYS)})`,
    String.raw`sequence\.editor`,
    String.raw`alias\.\S+\s+['"]?!`,
  ].join('|')})`,
  'iu',
);

export const judgeShellPersistence: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const line = facts.argsText;
  if (cmd.name === 'crontab') {
    if (cmd.args.some((a) => a.text === '-r'))
      findings.add(SHELL_PERSISTENCE_RULES.crontabRemove, line);
    else if (!cmd.args.some((a) => a.text === '-l'))
      findings.add(SHELL_PERSISTENCE_RULES.cron, line === '' ? 'crontab' : `crontab ${line}`);
  }
  if (cmd.name === 'at' || cmd.name === 'batch') {
    if (!cmd.args.some((a) => a.text === '-l' || a.text === '-r' || a.text === '-d'))
      findings.add(SHELL_PERSISTENCE_RULES.scheduledJob, `${cmd.name} ${line}`);
  }
  if (cmd.wrappers.includes('systemd-run') && cmd.wrapperOptions.some((o) => /^--on-/u.test(o)))
    findings.add(SHELL_PERSISTENCE_RULES.scheduledJob, 'systemd-run timer');
  if (
    cmd.name === 'systemctl' &&
    /\b(?:enable|link|preset|add-wants|add-requires|set-default)\b/u.test(line)
  )
    findings.add(SHELL_PERSISTENCE_RULES.serviceEnable, `systemctl ${line}`);
  if (cmd.name === 'launchctl' && /^(?:load|bootstrap|submit|enable|kickstart)\b/u.test(line))
    findings.add(SHELL_PERSISTENCE_RULES.serviceEnable, `launchctl ${line}`);
  if (
    (cmd.name === 'update-rc.d' && /\b(?:defaults|enable)\b/u.test(line)) ||
    (cmd.name === 'chkconfig' && /\bon\b/u.test(line))
  )
    findings.add(SHELL_PERSISTENCE_RULES.serviceEnable, `${cmd.name} ${line}`);
  if (
    cmd.name === 'git' &&
    (/^config\b/u.test(line) || cmd.wrapperOptions.includes('-c')) &&
    GIT_EXEC_KEYS.test(line) &&
    !setsKnownEditor(cmd)
  )
    findings.add(SHELL_PERSISTENCE_RULES.gitConfigExec, line);
  if (
    cmd.name === 'git' &&
    cmd.args.some(
      (a, i) =>
        a.text === '-c' && GIT_EXEC_KEYS.test(cmd.args[i + 1]?.text.replace('=', ' ') ?? ''),
    )
  )
    findings.add(SHELL_PERSISTENCE_RULES.gitConfigExec, line);
  if (
    cmd.wrappers.includes('nohup') ||
    cmd.wrappers.includes('setsid') ||
    cmd.name === 'disown' ||
    (cmd.name === 'screen' && /(?:^|\s)-d?m/u.test(line)) ||
    (cmd.name === 'tmux' && /\bnew(?:-session)?\b.*\s-d\b/u.test(line))
  ) {
    findings.add(
      SHELL_PERSISTENCE_RULES.detached,
      cmd.wrappers.includes('nohup') ? 'nohup' : cmd.name,
    );
  }
  if (cmd.name === 'ssh-copy-id') findings.add(SHELL_PERSISTENCE_RULES.sshCopyId, line);
};
