import { alternation } from '../text/word-list.js';

/**
 * Inline code that turns encoded text back into a command and starts it: `os.system(codecs.decode(
 * '…', 'rot13'))`, `subprocess.run(base64.b64decode(…), shell=True)`, `execSync(Buffer.from(…,
 * 'base64').toString())`. Whatever the command does is hidden from anyone reading the line, and a
 * person who wants a command run writes it out. The decoders are the ones that undo an encoding on
 * purpose: a plain `.decode()` of a program's output bytes is ordinary.
 */

/** Calls that start a program from a string or a list, in Python, Node, Ruby, PHP and Perl. */
const PROGRAM_STARTERS = [
  /os\.(?:system|popen|exec\w*|spawn\w*)/u,
  /subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)/u,
  /(?:child_process\.)?(?:execSync|execFileSync|spawnSync|exec|execFile|spawn)/u,
  'system',
  'popen',
  'shell_exec',
  'passthru',
  'proc_open',
  /Kernel\.(?:system|exec|spawn)/u,
  'IO.popen',
  'Open3.capture2',
];
/** Calls that undo an encoding on purpose (base64, hex, rot13, compression, char codes). */
const ENCODING_DECODERS = [
  /\w*b(?:64|32|16|85)decode/u,
  'codecs.decode',
  /bytes\.fromhex/u,
  'fromhex',
  'unhexlify',
  /(?:zlib|gzip|bz2|lzma)\.decompress/u,
  'atob',
  /Buffer\.from\([^)]*['"](?:base64|hex|base64url)['"]/u,
  /String\.fromCharCode/u,
  /chr\(\s*\d/u,
  /\.unpack1?\(\s*['"][mH]/u,
  /pack\(\s*['"]H/u,
  /base64_decode/u,
  'hex2bin',
  'str_rot13',
  'gzinflate',
];
const DECODER = alternation(ENCODING_DECODERS);
/** The starter's first argument is itself a decoder call (possibly under a wrapper such as `str(`). */
const STARTS_DECODED = new RegExp(
  String.raw`\b(?:${alternation(PROGRAM_STARTERS)})\s*\(\s*(?:[\w.]+\(\s*)?[\w.]*?(?:${DECODER})`,
  'u',
);
/** A decoder's result kept in a variable and started later in the same code. */
const DECODES = new RegExp(String.raw`(?:${DECODER})`, 'u');
const STARTS = new RegExp(String.raw`\b(?:${alternation(PROGRAM_STARTERS)})\s*\(`, 'u');
const ROT13 = /['"]rot[_-]?13['"]/u;

/** The decoding call that feeds a started command, as written; undefined when none does. */
export function decodedCommandIn(code: string): string | undefined {
  const direct = STARTS_DECODED.exec(code)?.[0];
  if (direct !== undefined) return direct;
  if (!STARTS.test(code)) return undefined;
  return DECODES.exec(code)?.[0] ?? ROT13.exec(code)?.[0];
}
