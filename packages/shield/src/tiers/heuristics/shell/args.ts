import { emptyList } from '../lists.js';
import type { Arg, SimpleCommand } from './model.js';

/**
 * Every Arg is made here, fields in one order. Object literals at different places (and spreads
 * of them) give V8 differently sized object shapes for the same fields, and the rules that read
 * arguments then run polymorphic code that is deoptimized whenever a rare shape shows up.
 * The same holds for pieces (words.ts), walk contexts (parse.ts) and remote targets (hosts.ts).
 *
 * Bench with one shape per type (bench/shield-latency.mjs corpus, per-action CPU time,
 * 2026-11-23, 2 shared cores under load ≈ 20): p99 239–334 µs, p50 36–40 µs; not measured
 * against mixed shapes.
 */
export function makeArg(
  text: string,
  dynamic: boolean,
  glob: boolean,
  vars: readonly string[],
  from: readonly SimpleCommand[],
): Arg {
  return { text, dynamic, glob, vars, from };
}

/** A literal word: nothing expanded into it. */
export function literalArg(text: string): Arg {
  return makeArg(text, false, false, emptyList(), emptyList());
}

/** The same argument with other text (an option's value, an assignment's right side …). */
export function withText(arg: Arg, text: string): Arg {
  return makeArg(text, arg.dynamic, arg.glob, arg.vars, arg.from);
}

/**
 * The texts joined by spaces. `args.map(…).join(' ')` makes an empty array of another shape when
 * there are no arguments, which throws away code optimized for the usual case.
 */
export function joinTexts(args: readonly Arg[]): string {
  let out = '';
  for (let i = 0; i < args.length; i++)
    out += i === 0 ? (args[i]?.text ?? '') : ` ${args[i]?.text ?? ''}`;
  return out;
}
