import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { switchesCheckOff } from '../content/check-switches.js';
import type { ShellJudge } from './shell-judge.js';
import { SHELL_SECURITY_RULES } from './shell-security.js';

/**
 * Checks switched off from the command line rather than by editing a file: the harness's own
 * command (`parapet config set …`, `parapet grant …`) run by the agent it watches, the harness's
 * environment variables, and variables whose name says they turn a check, a hook or a scanner off.
 */
export const HARNESS_CONTROL_RULES = {
  harnessCommand: defineRule(
    'security.harness_command',
    'block',
    "runs the agent harness's own command to change its settings, grants or running state",
  ),
  harnessVariable: defineRule(
    'security.harness_variable',
    'block',
    "sets the agent harness's own environment variables",
  ),
  checkOffVariable: defineRule(
    'security.check_off_variable',
    'escalate',
    'sets a variable named to switch a check, a scanner or a sandbox off',
  ),
};

/** The harness's command, as its binary, its package or its script. */
const HARNESS_PROGRAMS = new Set(['parapet', '@parapet/cli', 'parapet.js']);
/** Package runners that start the harness's command by name. */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'pnpm', 'yarn', 'node']);
/** What the harness's command only reads or shows. */
const READ_ONLY_SUBCOMMANDS = new Set([
  'status',
  'logs',
  'doctor',
  'audit',
  'version',
  'help',
  'completion',
  '--help',
  '-h',
  '--version',
  '-V',
]);

/** Global options of the harness's command that take the next word as their value. */
const OPTIONS_WITH_VALUE = new Set(['--home']);

const baseName = (text: string): string => text.slice(text.lastIndexOf('/') + 1);

/** The harness's subcommand this command runs (`''` when none is given); undefined if it is not the harness. */
function harnessSubcommand(cmd: SimpleCommand): string | undefined {
  const words = cmd.args.map((a) => a.text);
  let rest: readonly string[];
  if (HARNESS_PROGRAMS.has(cmd.name)) rest = words;
  else if (RUNNERS.has(cmd.name)) {
    const at = words.findIndex((w) => !w.startsWith('-') && w !== 'exec' && w !== 'dlx');
    const program = words[at];
    if (program === undefined || !HARNESS_PROGRAMS.has(baseName(program))) return undefined;
    rest = words.slice(at + 1);
  } else return undefined;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] ?? '';
    if (OPTIONS_WITH_VALUE.has(word)) i++;
    else if (!word.startsWith('-') || READ_ONLY_SUBCOMMANDS.has(word)) return word;
  }
  return '';
}

/** `PARAPET_HOME`, `PARAPET_…`: where the harness takes its configuration, policy and state from. */
const HARNESS_VARIABLE = /^PARAPET_/u;

/** Hook managers' own switches: husky, pre-commit (`SKIP=hook-id`), lefthook, overcommit. */
const HOOK_SWITCHES: ReadonlyMap<string, RegExp> = new Map([
  ['HUSKY', /^(?:0|false)$/iu],
  ['SKIP', /./u],
  ['LEFTHOOK', /^(?:0|false)$/iu],
  ['OVERCOMMIT_DISABLE', /^(?:1|true)$/iu],
  ['PRE_COMMIT_ALLOW_NO_CONFIG', /^(?:1|true)$/iu],
]);

function turnsCheckOff(name: string, value: string): boolean {
  const hookSwitch = HOOK_SWITCHES.get(name.toUpperCase());
  return hookSwitch !== undefined ? hookSwitch.test(value) : switchesCheckOff(name, value);
}

function assignments(cmd: SimpleCommand): [string, string][] {
  const values: [string, string][] = [];
  for (const [name, value] of cmd.assignments) values.push([name, value.text]);
  if (cmd.name === 'export' || cmd.name === 'env' || cmd.name === 'setenv') {
    for (const a of cmd.args) {
      const eq = a.text.indexOf('=');
      if (eq > 0) values.push([a.text.slice(0, eq), a.text.slice(eq + 1)]);
    }
  }
  return values;
}

export const judgeShellHarnessControls: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const sub = harnessSubcommand(cmd);
  if (sub !== undefined && !READ_ONLY_SUBCOMMANDS.has(sub))
    findings.add(HARNESS_CONTROL_RULES.harnessCommand, `parapet ${sub}`.trim());
  for (const [name, value] of assignments(cmd)) {
    if (HARNESS_VARIABLE.test(name))
      findings.add(HARNESS_CONTROL_RULES.harnessVariable, `${name}=${value}`);
    else if (HOOK_SWITCHES.has(name.toUpperCase()) && turnsCheckOff(name, value))
      findings.add(SHELL_SECURITY_RULES.hooksSkipped, `${name}=${value}`);
    else if (turnsCheckOff(name, value))
      findings.add(HARNESS_CONTROL_RULES.checkOffVariable, `${name}=${value}`);
  }
};
