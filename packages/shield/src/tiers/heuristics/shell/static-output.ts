/**
 * Output a command produces from literals alone, so `echo <base64> | base64 -d | sh` and
 * `printf '\x72\x6d …'` can be read before anyone runs them. Unknown → undefined.
 */

import { decodeBase32Bytes } from '../decode/base32.js';
import { gunzipSync, inflateSync } from 'node:zlib';
import { decodeBase64Bytes } from '../decode/base64.js';
import { decodeBackslashEscapes } from '../decode/escapes.js';
import { fromBuffer, latin1Bytes, toBuffer, type Bytes } from './bytes.js';
import type { SimpleCommand } from './model.js';

/** Larger outputs (and inflated archives) count as unknown. */
const MAX_OUTPUT = 64 * 1024;

const texts = (cmd: SimpleCommand): string[] | undefined =>
  cmd.args.some((a) => a.dynamic) ? undefined : cmd.args.map((a) => a.text);
const positional = (args: readonly string[]): string[] =>
  args.filter((a) => !a.startsWith('-') || a === '-');

function echo(args: readonly string[]): Bytes {
  let i = 0;
  let newline = true;
  let escapes = false;
  while (i < args.length && /^-[neE]+$/u.test(args[i] ?? '')) {
    const flags = args[i] ?? '';
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
    if (flags.includes('E')) escapes = false;
    i++;
  }
  const text = args.slice(i).join(' ');
  return latin1Bytes((escapes ? decodeBackslashEscapes(text) : text) + (newline ? '\n' : ''));
}

function printf(args: readonly string[]): Bytes | undefined {
  const rest = args[0] === '--' ? args.slice(1) : [...args];
  if (rest[0] === '-v') return undefined; // assigns a variable, prints nothing
  const format = rest.shift();
  if (format === undefined) return undefined;
  let out = '';
  for (let round = 0; round < 16; round++) {
    let used = 0;
    out += format.replace(
      /%([-+ #0]*\d*(?:\.\d+)?)([sbdicxXo%])/gu,
      (_m, _flags: string, conv: string) => {
        if (conv === '%') return '%';
        const value = rest[used++] ?? '';
        if (conv === 'b') return decodeBackslashEscapes(value);
        if (conv === 'c') return value.slice(0, 1);
        if (conv === 'd' || conv === 'i') return String(parseInt(value, 10) || 0);
        if (conv === 'x' || conv === 'X' || conv === 'o')
          return (parseInt(value, 10) || 0).toString(conv === 'o' ? 8 : 16);
        return value;
      },
    );
    rest.splice(0, used);
    if (used === 0 || rest.length === 0) break;
  }
  return latin1Bytes(decodeBackslashEscapes(out));
}

const CLASSES: Readonly<Record<string, string>> = {
  '[:lower:]': 'abcdefghijklmnopqrstuvwxyz',
  '[:upper:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '[:digit:]': '0123456789',
  '[:space:]': ' \t\n\r\v\f',
  '[:alpha:]': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '[:alnum:]': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
};

function trSet(spec: string): string {
  let text = decodeBackslashEscapes(spec);
  for (const [name, chars] of Object.entries(CLASSES)) text = text.split(name).join(chars);
  return text.replace(/(.)-(.)/gsu, (_m, a: string, b: string) => {
    let out = '';
    for (let c = a.charCodeAt(0); c <= b.charCodeAt(0) && out.length < 256; c++)
      out += String.fromCharCode(c);
    return out;
  });
}

function tr(args: readonly string[], input: Bytes): Bytes | undefined {
  const flags = args.filter((a) => a.startsWith('-') && a.length > 1).join('');
  const sets = positional(args);
  const text = input;
  if (flags.includes('d')) {
    const drop = new Set(trSet(sets[0] ?? ''));
    return latin1Bytes([...text].filter((c) => !drop.has(c)).join(''));
  }
  if (flags !== '' || sets.length !== 2) return undefined;
  const from = trSet(sets[0] ?? '');
  const to = trSet(sets[1] ?? '');
  if (to.length === 0) return undefined;
  const map = new Map<string, string>();
  for (let i = 0; i < from.length; i++)
    map.set(from[i] ?? '', to[Math.min(i, to.length - 1)] ?? '');
  return latin1Bytes([...text].map((c) => map.get(c) ?? c).join(''));
}

function decompress(bytes: Bytes): Bytes | undefined {
  const input = toBuffer(bytes);
  try {
    return fromBuffer(
      input[0] === 0x1f && input[1] === 0x8b
        ? gunzipSync(input, { maxOutputLength: MAX_OUTPUT })
        : inflateSync(input, { maxOutputLength: MAX_OUTPUT }),
    );
  } catch {
    return undefined;
  }
}

const decodesFlag = (args: readonly string[]): boolean =>
  args.some((a) => /^-[a-zA-Z]*[dD][a-zA-Z]*$|^--decode$/u.test(a));

/** Programs whose output may be known without running them. */
const STATIC_PROGRAMS = new Set([
  'echo',
  'printf',
  'cat',
  'base64',
  'base32',
  'openssl',
  'xxd',
  'tr',
  'rev',
  'gunzip',
  'zcat',
  'gzip',
]);

const decodedBytes = (text: string): Bytes | undefined => {
  const buffer = decodeBase64Bytes(text);
  return buffer === undefined ? undefined : fromBuffer(buffer);
};

/** Static stdout of `cmd` given its static stdin (undefined when not computable). */
export function staticOutputOf(cmd: SimpleCommand, stdin: Bytes | undefined): Bytes | undefined {
  if (!STATIC_PROGRAMS.has(cmd.name)) return undefined;
  const args = texts(cmd);
  if (args === undefined) return undefined;
  const hasFiles = positional(args).some((a) => a !== '-');
  let out: Bytes | undefined;
  switch (cmd.name) {
    case 'echo':
      out = echo(args);
      break;
    case 'printf':
      out = printf(args);
      break;
    case 'cat':
      out = hasFiles ? undefined : stdin;
      break;
    case 'base64':
      if (stdin === undefined || hasFiles) return undefined;
      out = decodesFlag(args) ? decodedBytes(stdin) : `${toBuffer(stdin).toString('base64')}\n`;
      break;
    case 'base32': {
      // Only decoding is worked out: what an encoding prints is never run as a command.
      if (stdin === undefined || hasFiles || !decodesFlag(args)) return undefined;
      const decoded = decodeBase32Bytes(stdin);
      out = decoded === undefined ? undefined : fromBuffer(decoded);
      break;
    }
    case 'openssl':
      if (
        stdin !== undefined &&
        args.includes('-d') &&
        args.some((a) => a === 'base64' || a === '-base64' || a === '-a')
      ) {
        out = decodedBytes(stdin);
      }
      break;
    case 'xxd':
      if (
        stdin !== undefined &&
        args.some((a) => /^-r/u.test(a)) &&
        args.some((a) => /^-p/u.test(a) || /^-r?ps?$/u.test(a))
      ) {
        const hex = stdin.replace(/[^0-9a-fA-F]/gu, '');
        out = fromBuffer(Buffer.from(hex.length % 2 === 0 ? hex : hex.slice(0, -1), 'hex'));
      }
      break;
    case 'tr':
      out = stdin === undefined ? undefined : tr(args, stdin);
      break;
    case 'rev':
      out =
        stdin === undefined || hasFiles
          ? undefined
          : stdin
              .split('\n')
              .map((l) => [...l].reverse().join(''))
              .join('\n');
      break;
    case 'gunzip':
    case 'zcat':
    case 'gzip':
      if (stdin !== undefined && !hasFiles && (cmd.name !== 'gzip' || decodesFlag(args)))
        out = decompress(stdin);
      break;
    default:
      return undefined;
  }
  return out !== undefined && out.length <= MAX_OUTPUT ? out : undefined;
}
