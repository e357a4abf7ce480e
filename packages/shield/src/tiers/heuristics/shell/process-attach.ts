import type { Arg, SimpleCommand } from './model.js';
import { operands, optionValues, options } from './options.js';

/** How each tool is told which running program to attach to. */
const PID_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['strace', ['-p']],
  ['ltrace', ['-p']],
  ['py-spy', ['--pid', '-p']],
  ['rbspy', ['--pid', '-p']],
  ['gdb', ['-p', '--pid']],
]);
/** Tools whose operands are process ids. */
const PID_OPERANDS = new Set(['gcore', 'pstack', 'eu-stack']);

/** The arguments naming processes this command attaches to (none when it attaches to nothing). */
function attachedProcesses(cmd: SimpleCommand): Arg[] {
  if (PID_OPERANDS.has(cmd.name)) return operands(cmd.args, options('-o'));
  const names = PID_OPTIONS.get(cmd.name);
  return names === undefined ? [] : optionValues(cmd.args, names);
}

/**
 * Attaches to running processes and starts nothing of its own (`strace -p 42`, `gcore 42`,
 * `py-spy dump --pid 42`): the Shield knows what that does. One that also starts a program
 * (`py-spy record -- python app.py`, `gdb ./app`) is judged as that program.
 */
export function attachesOnly(cmd: SimpleCommand): boolean {
  if (attachedProcesses(cmd).length === 0 || cmd.args.some((a) => a.text === '--')) return false;
  return cmd.name !== 'gdb';
}

/** What a process argument names: the patterns given to `pgrep`/`pidof`, or the id itself. */
function processNames(arg: Arg): string[] {
  const finders = arg.from.filter((from) => from.name === 'pgrep' || from.name === 'pidof');
  if (finders.length === 0) return [arg.text];
  return finders.flatMap((finder) =>
    finder.args.filter((a) => !a.text.startsWith('-')).map((a) => a.text),
  );
}

/** The programs a command attaches to, by name where it names them (`pgrep -f NAME`). */
export function attachTargets(cmd: SimpleCommand): string[] {
  return attachedProcesses(cmd).flatMap(processNames);
}
