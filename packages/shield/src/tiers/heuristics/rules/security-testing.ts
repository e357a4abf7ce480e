import { classifyHost, parseRemote } from '../network/hosts.js';
import { defineRule } from '../registry.js';
import { joinTexts } from '../shell/args.js';
import { securityTargets, securityToolKind } from '../shell/security-tools.js';
import type { Arg } from '../shell/model.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * Security testing tools, judged by what they do and to whom. Scanning this machine is routine; a
 * scan of another host asks (settled when the user typed that host or range), and a scan of a
 * large part of the internet is refused. Guessing logins, running exploits or taking a shell is an
 * attack: refused against anything but this machine, asked about even there. Cracking hashes asks,
 * settled when the user typed the file.
 */
export const SECURITY_TESTING_RULES = {
  scan: defineRule(
    'security.scan',
    'escalate',
    'scans another host for open ports, services or weaknesses',
  ),
  massScan: defineRule(
    'security.mass_scan',
    'block',
    'scans a large part of the internet, or hosts it cannot name',
  ),
  attack: defineRule(
    'security.attack',
    'block',
    'attacks another host: guesses its logins, runs exploits or takes a shell on it',
  ),
  localAttack: defineRule(
    'security.local_attack',
    'escalate',
    'runs an attack tool against this machine',
  ),
  cracking: defineRule(
    'secrets.password_cracking',
    'escalate',
    'guesses the passwords behind hashes',
  ),
};

type Reach = 'local' | 'network' | 'internet';

/** How far a target reaches: this machine, one host or network, or much of the internet. */
function reach(target: Arg): Reach {
  const text = target.text;
  const cidr = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/u.exec(text);
  if (cidr !== null) {
    const kind = classifyHost(cidr[1] ?? '');
    if (Number(cidr[2]) < 16 && kind !== 'private') return 'internet';
    return kind === 'loopback' ? 'local' : 'network';
  }
  const host = parseRemote(text)?.host ?? text.replace(/:\d+$/u, '');
  return classifyHost(host) === 'loopback' ? 'local' : 'network';
}

export const judgeSecurityTesting: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  const kind = securityToolKind(cmd);
  if (kind === undefined || kind === 'audit') return;
  const findings = judge.findings;
  if (kind === 'crack') {
    const file = cmd.args.find((a) => !a.text.startsWith('-') && !/^\d+$/u.test(a.text));
    findings.add(SECURITY_TESTING_RULES.cracking, file?.text ?? cmd.name);
    return;
  }
  const targets = securityTargets(cmd);
  const reaches = targets.map(reach);
  const command = `${cmd.name} ${joinTexts(cmd.args)}`;
  if (kind === 'attack') {
    // A target the Shield cannot read could be anyone's: only this machine, named, is local.
    const local = targets.length > 0 && reaches.every((r) => r === 'local');
    findings.add(
      local ? SECURITY_TESTING_RULES.localAttack : SECURITY_TESTING_RULES.attack,
      command,
    );
    return;
  }
  if (targets.length === 0 || reaches.includes('internet')) {
    findings.add(SECURITY_TESTING_RULES.massScan, command);
    return;
  }
  targets.forEach((target, at) => {
    if (reaches[at] === 'network') findings.add(SECURITY_TESTING_RULES.scan, target.text);
  });
};
