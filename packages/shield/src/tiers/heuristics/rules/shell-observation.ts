import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import type { Arg, SimpleCommand } from '../shell/model.js';
import { operands, optionValues, options } from '../shell/options.js';
import { attachTargets } from '../shell/process-attach.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';
import { SHELL_MEDIA_RULES } from './shell-media.js';

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
    "sends a recording of this machine's screen or network traffic to another machine",
  ),
};

const CAPTURE_TOOLS = new Set(['tcpdump', 'tshark', 'dumpcap', 'ngrep', 'termshark']);
/** Screenshot tools and where each one writes the picture it takes (its last operand). */
const SCREEN_CAPTURE = new Set([
  'scrot',
  'grim',
  'maim',
  'screencapture',
  'gnome-screenshot',
  'spectacle',
  'xwd',
]);
/** ImageMagick's `import` takes the whole screen with `-window root`. */
const capturesScreen = (cmd: SimpleCommand): boolean =>
  SCREEN_CAPTURE.has(cmd.name) ||
  (cmd.name === 'import' &&
    cmd.args.some((a, i) => a.text === '-window' && cmd.args[i + 1]?.text === 'root'));

/** The files a capture writes, and whether it writes to its standard output. */
function captureFiles(cmd: SimpleCommand): { files: Arg[]; toStdout: boolean } {
  const traffic = CAPTURE_TOOLS.has(cmd.name);
  const last = traffic
    ? undefined
    : operands(cmd.args, options('-window -d -delay -q -g -s -o -f -out --file --output')).at(-1);
  const written = traffic
    ? optionValues(cmd.args, ['-w'])
    : [
        ...optionValues(cmd.args, ['-f', '--file', '-o', '--output', '-out']),
        ...(last !== undefined ? [last] : []),
      ];
  return {
    files: written.filter((f) => f.text !== '-'),
    // Without -w a packet capture prints what it catches.
    toStdout: written.some((f) => f.text === '-') || (traffic && written.length === 0),
  };
}

/** Programs that keep keys, passwords, cookies or login sessions in memory. */
const HOLDS_CREDENTIALS =
  /\b(?:ssh-agent|sshd|gpg-agent|gnome-keyring(?:-daemon)?|kwalletd\d*|keepassxc?|bitwarden|1password|lastpass|vault|firefox|chrom(?:e|ium)|brave|msedge|opera|thunderbird|sudo|login|polkitd?|secret-service)\b/iu;

/**
 * Debuggers and tracers attached to running programs, packet captures and screenshots of the
 * whole screen: what they read is the memory, the traffic or the windows of everything else on
 * the machine, and a recording sent on takes all of that with it.
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
  const traffic = CAPTURE_TOOLS.has(cmd.name);
  if (!traffic && !capturesScreen(cmd)) return;
  if (traffic) {
    findings.add(OBSERVATION_RULES.trafficCapture, cmd.name);
    // tcpdump runs its -z program on every file it closes; tshark loads Lua scripts.
    for (const hook of optionValues(cmd.args, ['-z']))
      findings.add(SHELL_EXECUTION_RULES.scriptFile, `${cmd.name} -z ${hook.text}`);
    if (cmd.args.some((a) => /^lua_script:/u.test(a.text)))
      findings.add(SHELL_EXECUTION_RULES.scriptFile, `${cmd.name} lua_script`);
  } else findings.add(SHELL_MEDIA_RULES.captureDevice, `${cmd.name} (the screen)`);
  const { files, toStdout } = captureFiles(cmd);
  const saved = files.map((file) => usePath(file.text, judge.scope, cmd.cwd).path.absolute);
  const sent =
    (toStdout && cmd.stdoutTo !== undefined && line.factsOf(cmd.stdoutTo).net.remotes.length > 0) ||
    line.facts.some(
      (other) =>
        other.cmd.index > cmd.index &&
        other.net.remotes.length > 0 &&
        other.uploads.some((upload) => saved.includes(upload.path.absolute)),
    );
  if (sent) findings.add(OBSERVATION_RULES.captureUpload, cmd.name);
};
