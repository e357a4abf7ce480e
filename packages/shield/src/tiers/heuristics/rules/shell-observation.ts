import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import { optionValues } from '../shell/options.js';
import { attachTargets } from '../shell/process-attach.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

export const OBSERVATION_RULES = {
  processMemory: defineRule(
    'secrets.process_memory',
    'block',
    'reads the memory of a running program that holds keys, passwords or sessions',
  ),
  processAttach: defineRule(
    'debug.process_attach',
    'escalate',
    'attaches to a running program and reads its memory',
  ),
  trafficCapture: defineRule(
    'network.traffic_capture',
    'escalate',
    "records this machine's network traffic (passwords and cookies among what it catches)",
  ),
  captureUpload: defineRule(
    'exfil.capture_upload',
    'block',
    "sends a recording of this machine's network traffic to another machine",
  ),
};

/** Programs that keep keys, passwords, cookies or login sessions in memory. */
const HOLDS_CREDENTIALS =
  /\b(?:ssh-agent|sshd|gpg-agent|gnome-keyring(?:-daemon)?|kwalletd\d*|keepassxc?|bitwarden|1password|lastpass|vault|firefox|chrom(?:e|ium)|brave|msedge|opera|thunderbird|sudo|login|polkitd?|secret-service)\b/iu;

const CAPTURE_TOOLS = new Set(['tcpdump', 'tshark', 'dumpcap', 'ngrep', 'termshark']);

/**
 * Debuggers and tracers attached to running programs, and packet captures: what they read is the
 * memory or the traffic of everything else on the machine.
 */
export const judgeShellObservation: ShellJudge = (facts, line, judge) => {
  const { cmd } = facts;
  const findings = judge.findings;
  for (const target of attachTargets(cmd))
    findings.add(
      HOLDS_CREDENTIALS.test(target)
        ? OBSERVATION_RULES.processMemory
        : OBSERVATION_RULES.processAttach,
      `${cmd.name} ${target}`,
    );
  if (!CAPTURE_TOOLS.has(cmd.name)) return;
  findings.add(OBSERVATION_RULES.trafficCapture, cmd.name);
  // tcpdump runs its -z program on every file it closes; tshark loads Lua scripts.
  for (const hook of optionValues(cmd.args, ['-z']))
    findings.add(SHELL_EXECUTION_RULES.scriptFile, `${cmd.name} -z ${hook.text}`);
  if (cmd.args.some((a) => /^lua_script:/u.test(a.text)))
    findings.add(SHELL_EXECUTION_RULES.scriptFile, `${cmd.name} lua_script`);
  const saved = optionValues(cmd.args, ['-w']).map(
    (file) => usePath(file.text, judge.scope, cmd.cwd).path.absolute,
  );
  const sent =
    (cmd.stdoutTo !== undefined && line.factsOf(cmd.stdoutTo).net.remotes.length > 0) ||
    line.facts.some(
      (other) =>
        other.cmd.index > cmd.index &&
        other.net.remotes.length > 0 &&
        other.uploads.some((upload) => saved.includes(upload.path.absolute)),
    );
  if (sent) findings.add(OBSERVATION_RULES.captureUpload, cmd.name);
};
