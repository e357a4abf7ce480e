import type { ParsedScript, ParameterExpansionPart, Word, WordPart } from 'unbash';
import { expandBraces } from './braces.js';
import type { Arg, SimpleCommand } from './model.js';
import { emptyList } from '../lists.js';
import { literalArg, makeArg } from './args.js';
import { escapeRegExp } from '../text/word-list.js';

const MAX_ALTERNATIVES = 32;

/** What word resolution needs from the walker: variables and a way to run nested scripts. */
export interface WordEnvironment {
  lookup(name: string): readonly string[] | undefined;
  /** Commands whose output the variable holds. */
  sources(name: string): readonly SimpleCommand[];
  /** Walks a `$(…)` / `<(…)` script; `output` is its static output when known. */
  substitute(script: ParsedScript | undefined): {
    readonly commands: readonly SimpleCommand[];
    readonly output: string | undefined;
  };
  readonly ifs: string;
}

interface Piece {
  values: string[];
  dynamic: boolean;
  glob: boolean;
  braces: boolean;
  /** An unquoted expansion: the shell splits its result into words. */
  splittable: boolean;
  vars: string[];
  from: SimpleCommand[];
}

/** Every Piece is made here, fields in one order (one object shape; see args.ts). */
const makePiece = (values: string[], dynamic: boolean, glob: boolean, braces: boolean): Piece => ({
  values,
  dynamic,
  glob,
  braces,
  splittable: false,
  vars: emptyList(),
  from: emptyList(),
});
const literal = (value: string): Piece => makePiece([value], false, false, false);
const opaque = (text: string): Piece => makePiece([text], true, false, false);

/**
 * The piece the parts make side by side: every combination of their values (bounded). Parts are
 * resolved in order as they are joined (resolving one may walk a substitution).
 */
function combineParts(parts: readonly WordPart[], quoted: boolean, env: WordEnvironment): Piece {
  const out: Piece = literal('');
  for (const part of parts) {
    const piece = partPiece(part, quoted, env);
    const values: string[] = emptyList();
    for (const left of out.values) {
      for (const right of piece.values) {
        if (values.length < MAX_ALTERNATIVES) values.push(left + right);
      }
    }
    out.values = values;
    out.dynamic ||= piece.dynamic;
    out.glob ||= piece.glob;
    out.braces ||= piece.braces;
    out.splittable ||= piece.splittable;
    out.vars.push(...piece.vars);
    out.from.push(...piece.from);
  }
  return out;
}

/** The parameter operations that shells use to assemble hidden strings, applied to known values. */
function applyOperation(
  value: string,
  part: ParameterExpansionPart,
  env: WordEnvironment,
): string | undefined {
  const op = part.operation;
  if (op === undefined) return value;
  const operand = (w: Word | undefined): string | undefined => {
    if (w === undefined) return '';
    const resolved = resolveWord(w, env);
    return resolved.length === 1 && !resolved[0]?.dynamic ? resolved[0]?.text : undefined;
  };
  switch (op.type) {
    case 'Default':
      return value === '' && op.operator.startsWith(':') ? operand(op.operand) : value;
    case 'Replace': {
      const pattern = operand(op.pattern);
      const replacement = operand(op.replacement);
      if (
        pattern === undefined ||
        replacement === undefined ||
        pattern === '' ||
        /[*?[]/u.test(pattern)
      )
        return undefined;
      if (op.operator === '//') return value.split(pattern).join(replacement);
      if (op.operator === '/#')
        return value.startsWith(pattern) ? replacement + value.slice(pattern.length) : value;
      if (op.operator === '/%')
        return value.endsWith(pattern) ? value.slice(0, -pattern.length) + replacement : value;
      return value.replace(new RegExp(escapeRegExp(pattern), 'u'), replacement);
    }
    case 'Remove': {
      const pattern = operand(op.operand);
      if (pattern === undefined || /[*?[]/u.test(pattern)) return undefined;
      if (op.operator.startsWith('#'))
        return value.startsWith(pattern) ? value.slice(pattern.length) : value;
      return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) : value;
    }
    case 'Slice': {
      const offset = Number(operand(op.offset));
      const length = op.length === undefined ? undefined : Number(operand(op.length));
      if (!Number.isInteger(offset) || (length !== undefined && !Number.isInteger(length)))
        return undefined;
      const start = offset < 0 ? Math.max(0, value.length + offset) : offset;
      return length === undefined
        ? value.slice(start)
        : value.slice(start, length < 0 ? value.length + length : start + length);
    }
    case 'CaseModification':
      return op.operator.startsWith('^') ? value.toUpperCase() : value.toLowerCase();
    default:
      return undefined;
  }
}

function parameterPiece(
  part: ParameterExpansionPart,
  quoted: boolean,
  env: WordEnvironment,
): Piece {
  const name = part.parameter;
  const known = part.prefix === undefined ? env.lookup(name) : undefined;
  const piece = opaque(part.text);
  piece.vars.push(name);
  piece.from.push(...env.sources(name));
  // `"${cmd[@]}"` is every element of the array as a word of its own, quoted or not (elements
  // are kept joined by spaces, so a split may cut one holding a space: more words, never fewer).
  piece.splittable = !quoted || part.index?.value === '@';
  if (known === undefined) {
    // `${X:-/etc/shadow}` with X unknown most likely runs with the default.
    if (part.operation?.type === 'Default') {
      const fallback = resolveWord(part.operation.operand, env);
      if (fallback.length > 0) piece.values = fallback.map((a) => a.text);
    }
    return piece;
  }
  const values = known.map((v) => applyOperation(v, part, env));
  if (values.some((v) => v === undefined)) return piece;
  piece.values = values as string[];
  piece.dynamic = false;
  return piece;
}

function partPiece(part: WordPart, quoted: boolean, env: WordEnvironment): Piece {
  switch (part.type) {
    case 'Literal':
      return literal(part.value);
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return literal(part.value);
    case 'DoubleQuoted':
    case 'LocaleString':
      return combineParts(part.parts, true, env);
    case 'Glob':
    case 'ExtendedGlob':
      return makePiece([part.text], false, !quoted, false);
    case 'BraceExpansion':
      return makePiece([part.text], false, false, true);
    case 'SimpleExpansion': {
      const name = part.text.slice(1);
      const known = env.lookup(name);
      const piece =
        known === undefined ? opaque(part.text) : makePiece(known.slice(), false, false, false);
      piece.vars.push(name);
      piece.from.push(...env.sources(name));
      piece.splittable = !quoted;
      return piece;
    }
    case 'ParameterExpansion':
      return parameterPiece(part, quoted, env);
    case 'CommandExpansion': {
      const { commands, output } = env.substitute(part.script);
      const piece = output === undefined ? opaque(part.text) : literal(output.replace(/\n+$/u, ''));
      piece.from.push(...commands);
      piece.splittable = !quoted;
      return piece;
    }
    case 'ProcessSubstitution': {
      const { commands } = env.substitute(part.script);
      const piece = opaque('/dev/fd/63');
      piece.from.push(...commands);
      return piece;
    }
    case 'ArithmeticExpansion':
      return opaque(part.text);
  }
}

/** The text of a word made only of literal and quoted parts, or undefined. */
function literalWordText(word: Word): string | undefined {
  const parts = word.parts;
  if (parts === undefined) return word.value;
  let text = '';
  for (const part of parts) {
    if (part.type !== 'Literal' && part.type !== 'SingleQuoted' && part.type !== 'AnsiCQuoted')
      return undefined;
    text += part.value;
  }
  return text;
}

/** The arguments a word becomes: usually one, more after brace expansion or word splitting. */
export function resolveWord(word: Word, env: WordEnvironment): Arg[] {
  // Plain and single-quoted text (most words) is exactly what it says: no expansion can apply.
  const literalText = literalWordText(word);
  if (literalText !== undefined) return [literalArg(literalText)];
  const piece =
    word.parts === undefined ? literal(word.value) : combineParts(word.parts, false, env);
  const texts: string[] = emptyList();
  for (const value of piece.values) {
    for (const expanded of piece.braces ? expandBraces(value) : [value]) {
      if (piece.splittable && !piece.dynamic && env.ifs !== '') {
        const fields = expanded
          .split(new RegExp(`[${escapeRegExp(env.ifs)}]+`, 'u'))
          .filter((f) => f !== '');
        texts.push(...fields);
      } else texts.push(expanded);
    }
  }
  // An unquoted expansion that comes out empty disappears, as in the shell.
  if (texts.length === 0 && piece.splittable && !piece.dynamic) return emptyList();
  if (texts.length === 0) texts.push(piece.dynamic ? word.text : '');
  return texts
    .slice(0, MAX_ALTERNATIVES)
    .map((text) => makeArg(text, piece.dynamic, piece.glob, piece.vars, piece.from));
}
