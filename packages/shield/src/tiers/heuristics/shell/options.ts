/** Option parsing shared by the command profiles: GNU-style short clusters and `--long[=value]`. */

import type { Arg } from './model.js';
import { withText } from './args.js';
import { emptyList } from '../lists.js';

/** The options of a program that take a value (`-o FILE`, `--output FILE`), by spelling. */
export type ValueOptions = ReadonlySet<string>;

const built = new Map<string, ValueOptions>();

/** The set of options named in `list` (space-separated). Built once per list: profiles call this per command. */
export function options(list: string): ValueOptions {
  let set = built.get(list);
  if (set === undefined) {
    set = new Set(list.split(' ').filter(Boolean));
    built.set(list, set);
  }
  return set;
}

/** Arguments that are not options or option values (everything after `--` is an operand). */
export function operands(args: readonly Arg[], values: ValueOptions): Arg[] {
  const out: Arg[] = emptyList();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined) continue;
    const text = arg.text;
    if (text === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
    if (text.startsWith('-') && text.length > 1 && !arg.dynamic) {
      if (values.has(text) || clusterTakesNext(text, values)) i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * Values of an option in any spelling: `-o FILE`, `-oFILE` (short), `--output FILE`,
 * `--output=FILE`. `names` lists every spelling, e.g. ['-o', '--output'].
 */
export function optionValues(args: readonly Arg[], names: readonly string[]): Arg[] {
  const out: Arg[] = emptyList();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined) continue;
    const text = arg.text;
    if (text === '--') break;
    for (const name of names) {
      if (text === name) {
        const value = args[i + 1];
        if (value !== undefined) out.push(value);
      } else if (name.startsWith('--') && text.startsWith(`${name}=`)) {
        out.push(withText(arg, text.slice(name.length + 1)));
      } else if (
        !name.startsWith('--') &&
        name.length === 2 &&
        text.startsWith(name) &&
        text.length > 2 &&
        !text.startsWith('--')
      ) {
        out.push(withText(arg, text.slice(2)));
      } else if (clusterTail(text) === name) {
        const value = args[i + 1];
        if (value !== undefined) out.push(value);
      }
    }
  }
  return out;
}

/**
 * `-so FILE`: a cluster of short flags takes the next argument when its first letter that takes a
 * value is its last (`-XPOST URL` is `-X POST`, and the URL an operand, even if `-T` takes one).
 */
function clusterTakesNext(text: string, values: ValueOptions): boolean {
  if (!/^-[A-Za-z]{2,}$/u.test(text)) return false;
  for (let at = 1; at < text.length; at++)
    if (values.has(`-${text[at] ?? ''}`)) return at === text.length - 1;
  return false;
}

/** `-so` → `-o`: in a cluster of short flags the last letter may take the next argument as its value. */
function clusterTail(text: string): string | undefined {
  return /^-[A-Za-z]{2,}$/u.test(text) ? `-${text.slice(-1)}` : undefined;
}

/** A boolean flag: any short letter in a cluster (`-rf` has `r`) or one of the long names. */
export function hasFlag(
  args: readonly Arg[],
  shortLetters: string,
  longNames: readonly string[] = [],
): boolean {
  for (const arg of args) {
    const text = arg.text;
    if (text === '--') return false;
    if (text.startsWith('--')) {
      if (longNames.some((n) => text === n || text.startsWith(`${n}=`))) return true;
    } else if (text.startsWith('-') && text.length > 1 && /^-[A-Za-z0-9]+$/u.test(text)) {
      for (const letter of shortLetters) if (text.includes(letter)) return true;
    }
  }
  return false;
}

export const texts = (args: readonly Arg[]): string[] => args.map((a) => a.text);
