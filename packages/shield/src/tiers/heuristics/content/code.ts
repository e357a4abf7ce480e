import { alternation } from '../text/word-list.js';

/**
 * What a piece of source code (Python, JavaScript, Ruby, shell) can do when it runs, read from
 * its text: reach the network, start programs, or assemble strings from character codes so that a
 * reader cannot see what they say.
 */

/** Libraries, calls and programs that open connections, in Python, JavaScript, Ruby and shells. */
const NETWORK_CALLS = [
  'urllib',
  'urlopen',
  /requests\.(?:get|post|put|request|Session)/u,
  'http.client',
  'httpx',
  'aiohttp',
  /socket\.(?:socket|create_connection)/u,
  'ftplib',
  'smtplib',
  /fetch\s*\(/u,
  'axios',
  /https?\.(?:get|request)\s*\(/u,
  'net.connect',
  'XMLHttpRequest',
  'Net::HTTP',
  'open-uri',
  'Invoke-WebRequest',
  /\bcurl\b/u,
  /\bwget\b/u,
];
const NETWORK_CALL = new RegExp(String.raw`\b(?:${alternation(NETWORK_CALLS)})`, 'u');

/** Modules and calls that start programs or evaluate code. */
const PROCESS_CALLS = [
  'subprocess',
  /os\.(?:system|popen|exec\w*|spawn\w*)/u,
  'child_process',
  'execSync',
  'spawnSync',
  /exec\s*\(/u,
  /eval\s*\(/u,
  'Kernel.',
  'IO.popen',
  /system\s*\(/u,
];
const PROCESS_CALL = new RegExp(String.raw`\b(?:${alternation(PROCESS_CALLS)})`, 'u');

/** `chr(104)+chr(116)`, `''.join(chr(c) for c in [104, 116, …])`, `String.fromCharCode(104, 116, …)`. */
const CHAR_CODE_CALL = /\b(?:chr|String\.fromCharCode|fromCharCode)\s*\(/gu;
const CHAR_CODE_OVER_LIST =
  /\b(?:chr|fromCharCode)\b[^\n]{0,80}?\[\s*\d{2,3}(?:\s*,\s*\d{2,3}){3,}/u;
const CHAR_CODE_ARGS = /\bfromCharCode\s*\(\s*\d{2,3}(?:\s*,\s*\d{2,3}){3,}/u;

/** Calls that turn encoded text back into bytes or code. */
const DECODERS = [
  'b64decode',
  'decode',
  'fromhex',
  'atob',
  'Buffer.from',
  'unhexlify',
  'decompress',
  'codecs.decode',
  'bytes.fromhex',
];
/** Code that decodes text and runs it: whatever it does is hidden from anyone reading the line. */
const RUNS_DECODED = new RegExp(
  String.raw`\b(?:exec|eval|Function)\s*\(\s*(?:[\w.]*(?:${alternation(DECODERS)}))`,
  'u',
);

export function runsDecoded(code: string): boolean {
  return RUNS_DECODED.test(code);
}

export interface CodeEffects {
  readonly network: boolean;
  readonly runsPrograms: boolean;
  /** Strings assembled from four or more character codes. */
  readonly charCodeStrings: boolean;
}

export function codeEffects(code: string): CodeEffects {
  const calls = code.match(CHAR_CODE_CALL)?.length ?? 0;
  return {
    network: NETWORK_CALL.test(code),
    runsPrograms: PROCESS_CALL.test(code),
    charCodeStrings: calls >= 4 || CHAR_CODE_OVER_LIST.test(code) || CHAR_CODE_ARGS.test(code),
  };
}
