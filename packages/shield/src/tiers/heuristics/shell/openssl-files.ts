import type { Arg, SimpleCommand } from './model.js';
import { optionValues } from './options.js';
import type { FileEffects } from './file-effects.js';

/** Subcommands whose `-out` receives material they generate (a key, random bytes, a request). */
const GENERATORS = new Set(['genrsa', 'genpkey', 'gendsa', 'ecparam', 'rand', 'req', 'dhparam']);

/** Options naming a file openssl reads (a key, a certificate, a config, a CA). */
const INPUT_OPTIONS = ['-in', '-key', '-inkey', '-signkey', '-CA', '-CAkey', '-config', '-cert'];

/**
 * openssl's file options: `-keyout` and a generator's `-out` hold material the command makes
 * (a new key cannot leak an old one); every other `-out` is a write of what it read.
 */
export function opensslFiles(cmd: SimpleCommand, fx: FileEffects): void {
  const subcommand = cmd.args[0]?.text ?? '';
  fx.reads.push(...optionValues(cmd.args, INPUT_OPTIONS));
  const outputs: Arg[] = optionValues(cmd.args, ['-out']);
  const generates =
    GENERATORS.has(subcommand) &&
    (subcommand !== 'req' || cmd.args.some((a) => a.text === '-newkey' || a.text === '-new'));
  if (generates && optionValues(cmd.args, INPUT_OPTIONS).length === 0) fx.creates.push(...outputs);
  else fx.writes.push(...outputs);
  fx.creates.push(...optionValues(cmd.args, ['-keyout']));
}
