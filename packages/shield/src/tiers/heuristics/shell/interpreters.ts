import type { Arg, SimpleCommand } from './model.js';
import { INTERPRETERS, SHELLS } from './names.js';
import { utf8Text } from './bytes.js';
import { alternation } from '../text/word-list.js';

/** How interpreters take inline code (`python -c`, `node -e` …) and which of their options take values. */
const INLINE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  node: ['-e', '-p', '--eval', '--print'],
  nodejs: ['-e', '-p', '--eval', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
  lua: ['-e'],
  osascript: ['-e'],
  pwsh: ['-c', '-command', '-encodedcommand', '-ec'],
  powershell: ['-c', '-command', '-encodedcommand', '-ec'],
  rscript: ['-e'],
  julia: ['-e'],
};

const VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  python: new Set(['-W', '-X', '-Q']),
  node: new Set([
    '-r',
    '--require',
    '--loader',
    '--import',
    '--experimental-loader',
    '-C',
    '--conditions',
    '--env-file',
    '--input-type',
  ]),
  ruby: new Set(['-I', '-r', '-E', '-C']),
  perl: new Set(['-I', '-M', '-m']),
  php: new Set(['-d', '-c', '-z']),
  java: new Set(['-cp', '-classpath', '--class-path', '-p', '--module-path']),
};
const SHELL_VALUE_OPTIONS = new Set(['-O', '+O', '-o', '+o', '--rcfile', '--init-file']);

/** Inline code handed to an interpreter, if any. */
export function inlineCode(cmd: SimpleCommand): string | undefined {
  const flags = INLINE_FLAGS[cmd.name];
  if (cmd.name === 'deno' && cmd.args[0]?.text === 'eval')
    return cmd.args.slice(1).find((a) => !a.text.startsWith('-'))?.text;
  if (flags === undefined) return undefined;
  for (let i = 0; i < cmd.args.length; i++) {
    const text = cmd.args[i]?.text ?? '';
    const lower = text.toLowerCase();
    if (flags.includes(cmd.name === 'pwsh' || cmd.name === 'powershell' ? lower : text))
      return cmd.args[i + 1]?.text;
    const joined = flags.find((f) => f.startsWith('--') && text.startsWith(`${f}=`));
    if (joined) return text.slice(joined.length + 1);
    // `python -Bc 'code'`: the inline flag at the end of a short cluster.
    if (cmd.name === 'python' && /^-[A-Za-z]*c$/u.test(text)) return cmd.args[i + 1]?.text;
  }
  return undefined;
}

/** The script file a shell or interpreter runs (undefined: inline code, a module, or stdin). */
export function scriptOperand(cmd: SimpleCommand): Arg | undefined {
  if (inlineCode(cmd) !== undefined) return undefined;
  const isShell = SHELLS.has(cmd.name);
  if (
    isShell &&
    cmd.args.some((a) => a.text === '--command' || /^-[a-zA-Z]*c[a-zA-Z]*$/u.test(a.text))
  )
    return undefined;
  const values = isShell ? SHELL_VALUE_OPTIONS : (VALUE_OPTIONS[cmd.name] ?? new Set<string>());
  let args = cmd.args;
  if ((cmd.name === 'deno' || cmd.name === 'bun') && args[0]?.text === 'run') args = args.slice(1);
  if (cmd.name === 'java') {
    const jar = args.findIndex((a) => a.text === '-jar');
    return jar === -1 ? undefined : args[jar + 1];
  }
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? '';
    if (text === '-m' && cmd.name === 'python') return undefined;
    if (text === '--') return args[i + 1];
    if (text.startsWith('-') && text !== '-') {
      if (values.has(text)) i++;
      continue;
    }
    return args[i];
  }
  return undefined;
}

/**
 * The file `cmd` runs: a shell's or interpreter's script operand, what `source` reads, or else the
 * program itself (a path or, for a bare name, whatever PATH finds).
 */
export function fileRunBy(cmd: SimpleCommand): Arg | undefined {
  if (SHELLS.has(cmd.name) || INTERPRETERS.has(cmd.name)) return scriptOperand(cmd);
  if (cmd.name === 'source' || cmd.name === '.') return cmd.args[0];
  return cmd.program;
}

/**
 * The program text an interpreter runs, where it can be known: inline (`-c`/`-e`), fed on stdin
 * (here-document, here-string, a pipe of known text) or a script file written earlier in the line.
 */
export function interpreterCode(cmd: SimpleCommand): string | undefined {
  const inline = inlineCode(cmd);
  if (inline !== undefined) return inline;
  if (cmd.scriptText !== undefined) return cmd.scriptText;
  const script = scriptOperand(cmd);
  if (script !== undefined && script.text !== '-' && script.text !== '/dev/stdin') return undefined;
  if (cmd.stdinText !== undefined) return cmd.stdinText;
  const output = cmd.stdinFrom?.staticOutput;
  return output === undefined ? undefined : utf8Text(output);
}

/** Python's `subprocess` functions that run a command. */
const SUBPROCESS_RUNNERS = [
  'run',
  'call',
  'check_call',
  'check_output',
  'Popen',
  'getoutput',
  'getstatusoutput',
];
/** Calls in Python, Node, PHP, Ruby and Perl that hand a string to a shell (and Ruby's backticks). */
const SHELL_CALLS = [
  'os.system',
  'os.popen',
  new RegExp(String.raw`subprocess\.(?:${alternation(SUBPROCESS_RUNNERS)})`, 'u'),
  'commands.getoutput',
  /child_process\.(?:exec|execSync|spawn|spawnSync)/u,
  /\bexecSync/u,
  /\bexec/u,
  /\bsystem/u,
  /\bpopen/u,
  /\bshell_exec/u,
  /\bpassthru/u,
  '`',
];
/** A shell call with its quoted string argument (group 2), optionally inside a list (`[…]`). */
const SHELL_CALL_IN_CODE = new RegExp(
  String.raw`(?:${alternation(SHELL_CALLS)})\s*\(?\s*\[?\s*(['"])((?:(?!\1)[^\\]|\\.){2,})\1`,
  'gu',
);

/** Shell command strings inside inline code (`os.system("…")`, `execSync('…')`), to judge as shell. */
export function shellCallsIn(code: string): string[] {
  return [...code.matchAll(SHELL_CALL_IN_CODE)]
    .map((m) => m[2] ?? '')
    .filter((s) => s.includes(' ') || s.includes('/'));
}
