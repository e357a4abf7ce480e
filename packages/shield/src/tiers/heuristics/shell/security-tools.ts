import type { Arg, SimpleCommand } from './model.js';
import { optionValues } from './options.js';

/**
 * Security testing tools by what they do to their targets:
 * - `scan`: probes hosts for open ports, services and known weaknesses (nmap, nikto, nuclei …);
 * - `attack`: guesses logins, runs exploits, dumps a database or takes a shell on the target
 *   (hydra, Metasploit, sqlmap told to dump or take over …);
 * - `crack`: guesses the passwords behind hashes held in local files (hashcat, john);
 * - `audit`: reads the workspace, an image or the machine for known flaws and secrets
 *   (trivy, semgrep, gitleaks …).
 */
export type SecurityToolKind = 'scan' | 'attack' | 'crack' | 'audit';

const SCANNERS = [
  'nmap',
  'masscan',
  'zmap',
  'rustscan',
  'nikto',
  'nuclei',
  'wpscan',
  'gobuster',
  'ffuf',
  'feroxbuster',
  'dirb',
  'dirsearch',
  'sslscan',
  'testssl',
  'testssl.sh',
  'whatweb',
  'wafw00f',
];
const ATTACKERS = [
  'hydra',
  'medusa',
  'ncrack',
  'patator',
  'crackmapexec',
  'netexec',
  'nxc',
  'msfconsole',
  'msfvenom',
  'responder',
  'bettercap',
  'ettercap',
  'evil-winrm',
];
const CRACKERS = ['hashcat', 'john'];
const AUDITORS = [
  'trivy',
  'grype',
  'syft',
  'semgrep',
  'osv-scanner',
  'gitleaks',
  'trufflehog',
  'detect-secrets',
  'lynis',
  'clamscan',
  'rkhunter',
  'chkrootkit',
];

const KINDS: ReadonlyMap<string, SecurityToolKind> = new Map([
  ...SCANNERS.map((name) => [name, 'scan'] as const),
  ...ATTACKERS.map((name) => [name, 'attack'] as const),
  ...CRACKERS.map((name) => [name, 'crack'] as const),
  ...AUDITORS.map((name) => [name, 'audit'] as const),
  ['sqlmap', 'scan'],
]);

/** sqlmap options that go past finding an injection: reading the data, files or a shell. */
const SQLMAP_TAKEOVER =
  /^--(?:dump|dump-all|passwords|os-shell|os-pwn|os-cmd|os-bof|file-read|file-write|sql-shell|priv-esc|reg-read|users|hashes)(?:=|$)/u;

/** What a security tool does, or undefined for any other program. */
export function securityToolKind(cmd: SimpleCommand): SecurityToolKind | undefined {
  const kind = KINDS.get(cmd.name);
  if (cmd.name === 'sqlmap' && cmd.args.some((a) => SQLMAP_TAKEOVER.test(a.text))) return 'attack';
  return kind;
}

/** An address a tool is pointed at: a URL, a host, an IP address or a range. */
const TARGET =
  /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?(?::\d+)?|(?:\d{1,3}\.){3}\d{1,3}-\d{1,3}|localhost|\[?[0-9a-f:]+:[0-9a-f:]*\]?(?:\/\d{1,3})?|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?)$/iu;
/** File names look like host names to the pattern above (`users.txt`, `scan.xml`). */
const FILE_NAME =
  /\.(?:txt|lst|list|csv|json|xml|ya?ml|log|conf|cfg|ini|pcap|md|html?|gnmap|nmap|out|hash|hashes|dic|dict|pot)$/iu;
const isTarget = (arg: Arg): boolean => TARGET.test(arg.text) && !FILE_NAME.test(arg.text);

/** Options that name the target. */
const TARGET_OPTIONS = ['-u', '--url', '-h', '--host', '-t', '--target', '-target'];

/** The targets on the command line, and Metasploit's `RHOSTS` in its `-x` script. */
export function securityTargets(cmd: SimpleCommand): Arg[] {
  const named = optionValues(cmd.args, TARGET_OPTIONS).filter(isTarget);
  const operands = cmd.args.filter((a) => !a.text.startsWith('-') && isTarget(a));
  const scripted = optionValues(cmd.args, ['-x']).flatMap((script) =>
    [...script.text.matchAll(/\bset\s+RHOSTS?\s+(\S+?)\s*(?:;|$)/giu)].map((m) => ({
      ...script,
      text: m[1] ?? '',
    })),
  );
  return [...named, ...operands, ...scripted];
}
