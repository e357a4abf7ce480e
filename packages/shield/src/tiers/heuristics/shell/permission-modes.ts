import type { SimpleCommand } from './model.js';

/** Octal modes that leave the owner able to read and give the group and others nothing. */
const PRIVATE_OCTAL = /^0?[4-7][0-7]00$|^[4-7]00$/u;
/** Symbolic clauses that only take access away from group and others (`go-rwx`, `o-w`, `g=`). */
const TAKES_AWAY = /^[go]+(?:-[rwxXst]+|=)$/u;

/**
 * Whether a chmod only makes files private to their owner (`600`, `700`, `go-rwx`): that changes
 * who may read them, never what they hold, so it can neither leak nor overwrite a secret.
 */
export function makesPrivate(cmd: SimpleCommand): boolean {
  if (cmd.name !== 'chmod') return false;
  const mode = cmd.args.find((a) => !a.text.startsWith('-') || /^-[rwxXst]+$/u.test(a.text));
  if (mode === undefined || mode.dynamic) return false;
  if (PRIVATE_OCTAL.test(mode.text)) return true;
  const clauses = mode.text.split(',');
  return clauses.length > 0 && clauses.every((clause) => TAKES_AWAY.test(clause));
}
