import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { ANONYMIZING_WRAPPERS } from '../shell/wrappers.js';
import type { ShellJudge } from './shell-judge.js';
import { joinTexts } from '../shell/args.js';
import { alternation } from '../text/word-list.js';

export const SHELL_SECURITY_RULES = {
  securityDisabled: defineRule(
    'security.controls_disabled',
    'block',
    'switches off a firewall, SELinux/AppArmor, auditing or OS protections',
  ),
  securityService: defineRule(
    'security.service_disabled',
    'block',
    'stops or disables a security or logging service',
  ),
  massServiceStop: defineRule(
    'destructive.mass_service_stop',
    'block',
    'stops or disables services chosen at run time',
  ),
  serviceChange: defineRule(
    'system.service_change',
    'escalate',
    'stops, disables or masks a system service',
  ),
  historyDisabled: defineRule(
    'security.history_disabled',
    'block',
    'turns off or clears shell history',
  ),
  journalVacuum: defineRule('security.journal_vacuum', 'block', 'deletes system journal entries'),
  journalTrim: defineRule(
    'security.journal_trim',
    'escalate',
    'trims old system journal entries, keeping the recent ones',
  ),
  tlsOff: defineRule(
    'security.tls_verification_off',
    'escalate',
    'turns off TLS certificate verification',
  ),
  hooksSkipped: defineRule(
    'security.hooks_skipped',
    'escalate',
    'skips git hooks (secret scanners, linters)',
  ),
  anonymized: defineRule(
    'network.anonymized',
    'escalate',
    'routes traffic through Tor or a proxy chain',
  ),
};

const FIREWALL_SERVICES = ['firewalld', 'ufw', 'iptables', 'ip6tables', 'nftables'];
const ACCESS_CONTROL_SERVICES = ['apparmor', /selinux\w*/u, 'auditd', 'audit', 'fail2ban'];
const ANTIVIRUS_SERVICES = [/clamav\w*/u, 'clamd', 'freshclam'];
/** Endpoint detection, host intrusion detection and runtime security agents. */
const DETECTION_AGENTS = [
  'crowdstrike',
  'falcon-sensor',
  'osqueryd',
  'osquery',
  /wazuh\w*/u,
  /ossec\w*/u,
  'sysdig',
  'falco',
];
const LOGGING_SERVICES = ['rsyslog', 'syslog', 'syslog-ng', 'systemd-journald', 'journald'];
/** Intrusion prevention, file integrity checkers, log shippers and commercial EDR agents. */
const OTHER_GUARDS = [
  'sshguard',
  'aide',
  'tripwire',
  'auditbeat',
  'filebeat',
  'elastic-agent',
  'sentinelone',
  'carbonblack',
  'cbagentd',
  'mdatp',
  'defender',
];
/** Services that protect or watch the machine: stopping one blinds or unguards it. */
const SECURITY_SERVICES = new RegExp(
  String.raw`^(?:${alternation(
    FIREWALL_SERVICES,
    ACCESS_CONTROL_SERVICES,
    ANTIVIRUS_SERVICES,
    DETECTION_AGENTS,
    LOGGING_SERVICES,
    OTHER_GUARDS,
  )})(?:\.service)?$`,
  'iu',
);

/** Kernel settings that harden the machine; setting one to 0 switches it off. */
const KERNEL_HARDENING = [
  'randomize_va_space',
  'yama.ptrace_scope',
  'kptr_restrict',
  'dmesg_restrict',
  'modules_disabled',
];
/** By program: what in its arguments switches a protection off. */
const DISABLING: ReadonlyMap<string, RegExp> = new Map([
  ['setenforce', /^(?:0|permissive)\b/iu],
  ['ufw', /^(?:disable|reset|default allow)\b/u],
  ['iptables', /(?:^|\s)(?:-F|--flush|-X|--delete-chain|-P \w+ ACCEPT|--policy \w+ ACCEPT)\b/u],
  ['ip6tables', /(?:^|\s)(?:-F|--flush|-X|--delete-chain|-P \w+ ACCEPT|--policy \w+ ACCEPT)\b/u],
  ['iptables-legacy', /(?:^|\s)(?:-F|--flush|-X|-P \w+ ACCEPT)\b/u],
  ['nft', /^(?:flush ruleset|delete table|flush table)\b/u],
  [
    'firewall-cmd',
    /--(?:panic-off|set-default-zone=trusted|add-source=0\.0\.0\.0\/0)|--zone=trusted/u,
  ],
  ['auditctl', /(?:^|\s)(?:-e\s*0|-D)\b/u],
  ['aa-disable', /./u],
  ['aa-complain', /./u],
  ['aa-teardown', /^/u],
  ['apparmor_parser', /(?:^|\s)-R\b/u],
  ['csrutil', /^disable\b/u],
  ['spctl', /--master-disable|--global-disable/u],
  ['sysctl', new RegExp(String.raw`kernel\.(?:${alternation(KERNEL_HARDENING)})\s*=\s*0`, 'u')],
  ['pfctl', /(?:^|\s)-d\b/u],
  ['netsh', /firewall.*(?:off|disable)/iu],
  ['set-mppreference', /Disable/iu],
]);

const SERVICE_STOP = /^(?:stop|disable|mask|kill)$/u;
const DECLARERS = new Set(['export', 'declare', 'typeset', 'readonly']);

const HISTORY_VARIABLES = /^(?:HISTFILE|HISTSIZE|HISTFILESIZE|SAVEHIST|HISTIGNORE)$/u;

/** `HISTFILE=/dev/null`, `HISTSIZE=0`, `HISTIGNORE='*'` …: an assignment that turns history off. */
function historyOff(name: string, value: string): string | undefined {
  if (!HISTORY_VARIABLES.test(name)) return undefined;
  if (name === 'HISTFILE' && (value === '' || value === '/dev/null')) return `${name}=${value}`;
  if (/SIZE|SAVEHIST/u.test(name) && /^0+$/u.test(value)) return `${name}=${value}`;
  if (name === 'HISTIGNORE' && /^\*$|^\*:/u.test(value)) return `${name}=${value}`;
  return undefined;
}

function disablesHistory(cmd: SimpleCommand): string | undefined {
  if (cmd.name === 'unset' && cmd.args.some((a) => /^(?:HISTFILE|PROMPT_COMMAND)$/u.test(a.text)))
    return 'unset HISTFILE';
  if (
    cmd.name === 'set' &&
    cmd.args.some((a) => a.text === '+o') &&
    cmd.args.some((a) => a.text === 'history')
  )
    return 'set +o history';
  if (cmd.name === 'history' && cmd.args.some((a) => /^-[cdw]/u.test(a.text)))
    return `history ${joinTexts(cmd.args)}`;
  // Assignments before the command first, then those a declaring builtin makes.
  for (const [name, value] of cmd.assignments) {
    const off = historyOff(name, value.text);
    if (off !== undefined) return off;
  }
  if (DECLARERS.has(cmd.name)) {
    for (const a of cmd.args) {
      const eq = a.text.indexOf('=');
      if (eq <= 0) continue;
      const off = historyOff(a.text.slice(0, eq), a.text.slice(eq + 1));
      if (off !== undefined) return off;
    }
  }
  return undefined;
}

/** `NODE_TLS_REJECT_UNAUTHORIZED=0` and friends. */
function tlsOff(name: string, value: string): boolean {
  return (
    (name === 'NODE_TLS_REJECT_UNAUTHORIZED' && value === '0') ||
    (name === 'GIT_SSL_NO_VERIFY' && value !== '' && value !== '0') ||
    (name === 'PYTHONHTTPSVERIFY' && value === '0') ||
    name === 'CURL_INSECURE'
  );
}

/** Units of `--vacuum-time`, in days; anything shorter than a day is not listed. */
const DAYS: Readonly<Record<string, number>> = {
  d: 1,
  day: 1,
  days: 1,
  w: 7,
  week: 7,
  weeks: 7,
  month: 30,
  months: 30,
  M: 30,
  y: 365,
  year: 365,
  years: 365,
};

/** Units of `--vacuum-size` in MB; kilobytes and bytes are too little to matter. */
const MEGABYTES: Readonly<Record<string, number>> = { M: 1, G: 1024, T: 1024 * 1024 };

/**
 * A vacuum that keeps a day or more, 16 MB or more, or two files or more: housekeeping of old
 * entries. Keeping less (`--vacuum-time=1s`, `--vacuum-size=1K`) erases what just happened.
 */
function keepsRecentJournal(line: string): boolean {
  const limits = [...line.matchAll(/--vacuum-(time|size|files)[=\s]+(\d+)\s*([a-zA-Z]*)/gu)];
  if (limits.length === 0) return false;
  return limits.every(([, kind, amount = '0', unit = '']) => {
    const value = Number(amount);
    if (kind === 'files') return value >= 2;
    if (kind === 'size') return value * (MEGABYTES[unit.charAt(0).toUpperCase()] ?? 0) >= 16;
    return value * (DAYS[unit] ?? DAYS[unit.toLowerCase()] ?? 0) >= 1;
  });
}

export const judgeShellSecurity: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const line = facts.argsText;
  const disabling = DISABLING.get(cmd.name);
  if (disabling !== undefined && disabling.test(line))
    findings.add(SHELL_SECURITY_RULES.securityDisabled, `${cmd.name} ${line}`);
  if (
    cmd.name === 'systemctl' ||
    cmd.name === 'service' ||
    cmd.name === 'launchctl' ||
    cmd.name === 'rc-service' ||
    cmd.name === 'update-rc.d' ||
    cmd.name === 'chkconfig'
  ) {
    const words = cmd.args.filter((a) => !a.text.startsWith('-'));
    const verbIndex = cmd.name === 'service' || cmd.name === 'rc-service' ? 1 : 0;
    const verb = words[verbIndex]?.text ?? '';
    const units =
      cmd.name === 'service' || cmd.name === 'rc-service' ? words.slice(0, 1) : words.slice(1);
    const stopping =
      SERVICE_STOP.test(verb) ||
      (cmd.name === 'launchctl' && /^(?:unload|bootout|disable|remove)$/u.test(verb)) ||
      (cmd.name === 'update-rc.d' && /\bdisable|remove\b/u.test(line)) ||
      (cmd.name === 'chkconfig' && /\boff\b/u.test(line));
    if (stopping) {
      if (units.some((u) => SECURITY_SERVICES.test(u.text.replace(/^.*\//u, ''))))
        findings.add(SHELL_SECURITY_RULES.securityService, `${cmd.name} ${line}`);
      else if (units.length === 0 || units.some((u) => u.dynamic || u.glob || /[*?]/u.test(u.text)))
        findings.add(SHELL_SECURITY_RULES.massServiceStop, `${cmd.name} ${line}`);
      else findings.add(SHELL_SECURITY_RULES.serviceChange, `${cmd.name} ${line}`);
    }
  }
  if (
    (cmd.name === 'pkill' || cmd.name === 'killall') &&
    cmd.args.some((a) => SECURITY_SERVICES.test(a.text))
  )
    findings.add(SHELL_SECURITY_RULES.securityService, `${cmd.name} ${line}`);
  // `kill $(pgrep auditd)`: the process ids come from a lookup by name.
  const lookups =
    cmd.name === 'kill'
      ? cmd.args.flatMap((a) => a.from).filter((c) => c.name === 'pgrep' || c.name === 'pidof')
      : [];
  if (lookups.some((c) => c.args.some((a) => SECURITY_SERVICES.test(a.text))))
    findings.add(SHELL_SECURITY_RULES.securityService, `kill ${line}`);
  const history = disablesHistory(cmd);
  if (history !== undefined) findings.add(SHELL_SECURITY_RULES.historyDisabled, history);
  if (cmd.name === 'journalctl' && /--vacuum-|--rotate|--flush.*--vacuum/u.test(line))
    findings.add(
      keepsRecentJournal(line)
        ? SHELL_SECURITY_RULES.journalTrim
        : SHELL_SECURITY_RULES.journalVacuum,
      `journalctl ${line}`,
    );
  for (const [name, value] of cmd.assignments)
    if (tlsOff(name, value.text))
      findings.add(SHELL_SECURITY_RULES.tlsOff, `${name}=${value.text}`);
  if (cmd.name === 'export') {
    for (const a of cmd.args) {
      const eq = a.text.indexOf('=');
      if (eq !== -1 && tlsOff(a.text.slice(0, eq), a.text.slice(eq + 1)))
        findings.add(SHELL_SECURITY_RULES.tlsOff, `${a.text.slice(0, eq)}=${a.text.slice(eq + 1)}`);
    }
  }
  if (cmd.name === 'git' && /\bhttp\.sslVerify\s+(?:false|0)\b/iu.test(line))
    findings.add(SHELL_SECURITY_RULES.tlsOff, 'git http.sslVerify false');
  if (
    (cmd.name === 'npm' || cmd.name === 'yarn' || cmd.name === 'pnpm') &&
    /\bstrict-ssl\s+false\b/u.test(line)
  )
    findings.add(SHELL_SECURITY_RULES.tlsOff, `${cmd.name} strict-ssl false`);
  if (
    cmd.name === 'git' &&
    /^commit\b/u.test(line) &&
    cmd.args.some((a) => a.text === '--no-verify' || a.text === '-n')
  )
    findings.add(SHELL_SECURITY_RULES.hooksSkipped, 'git commit --no-verify');
  if (cmd.name === 'git' && /^push\b/u.test(line) && cmd.args.some((a) => a.text === '--no-verify'))
    findings.add(SHELL_SECURITY_RULES.hooksSkipped, 'git push --no-verify');
  for (const w of cmd.wrappers)
    if (ANONYMIZING_WRAPPERS.has(w)) findings.add(SHELL_SECURITY_RULES.anonymized, w);
};
