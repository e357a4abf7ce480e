/** Interpreters whose command names carry a version (`python3.12`, `pip3`, `node18`). */
const VERSIONED = /^(python|pip|ruby|perl|php|node|lua|pypy)(?:\d+(?:\.\d+)*)?$/u;
const VERSIONED_STEMS = ['python', 'pip', 'ruby', 'perl', 'php', 'node', 'lua', 'pypy'];

/** Lower-case letters, digits, `_`, `+`, `-`, not starting with a digit or `+`: a name already normal. */
function isPlainName(word: string): boolean {
  if (word.length === 0) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    const letter = c >= 0x61 && c <= 0x7a;
    const digit = c >= 0x30 && c <= 0x39;
    if (!(letter || c === 0x5f || c === 0x2d || (i > 0 && (digit || c === 0x2b)))) return false;
  }
  return true;
}

/**
 * The program a command word runs: `/usr/bin/curl`, `\curl`, `CURL` and `python3.12` are `curl`,
 * `curl`, `curl` and `python`. Case is folded because macOS file systems ignore it.
 */
export function programName(word: string): string {
  // Most words (`curl`, `git`) are already normal: answered without building strings or regexes.
  if (isPlainName(word) && !VERSIONED_STEMS.some((stem) => word.startsWith(stem))) return word;
  let name = word
    .slice(word.lastIndexOf('/') + 1)
    .replace(/^\\+/u, '')
    .toLowerCase()
    .replace(/\.exe$/u, '');
  const versioned = VERSIONED.exec(name);
  if (versioned) name = versioned[1] === 'pypy' ? 'python' : (versioned[1] ?? name);
  return name;
}

/** `./run.sh`, `bin/x`, `/tmp/payload`: the word names a file to execute, not a program on PATH. */
export function isPathInvocation(word: string): boolean {
  return word.includes('/') && !/^\/(?:usr\/)?(?:local\/)?s?bin\/[^/]+$/u.test(word);
}

export const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'yash',
  'fish',
  'rbash',
  'tcsh',
  'csh',
]);
export const INTERPRETERS = new Set([
  'python',
  'node',
  'nodejs',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'lua',
  'tclsh',
  'osascript',
  'pwsh',
  'powershell',
  'ts-node',
  'tsx',
  'rscript',
  'julia',
  'groovy',
  'scala',
  'jshell',
]);
