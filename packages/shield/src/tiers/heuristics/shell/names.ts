/**
 * The program a command word runs: `/usr/bin/curl`, `\curl`, `CURL` and `python3.12` are `curl`,
 * `curl`, `curl` and `python`. Case is folded because macOS file systems ignore it.
 */
const VERSIONED = /^(python|pip|ruby|perl|php|node|lua|pypy)(?:\d+(?:\.\d+)*)?$/u;
/** Already a plain lower-case name with no version (`curl`, `git`): most words, answered without regexes. */
const PLAIN = /^[a-z_-][a-z0-9_+-]*$/u;

export function programName(word: string): string {
  if (PLAIN.test(word) && !VERSIONED.test(word)) return word;
  let name = word.slice(word.lastIndexOf('/') + 1).replace(/^\\+/u, '').toLowerCase().replace(/\.exe$/u, '');
  const versioned = VERSIONED.exec(name);
  if (versioned) name = versioned[1] === 'pypy' ? 'python' : (versioned[1] ?? name);
  return name;
}

/** `./run.sh`, `bin/x`, `/tmp/payload`: the word names a file to execute, not a program on PATH. */
export function isPathInvocation(word: string): boolean {
  return word.includes('/') && !/^\/(?:usr\/)?(?:local\/)?s?bin\/[^/]+$/u.test(word);
}

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'rbash', 'tcsh', 'csh']);
export const INTERPRETERS = new Set([
  'python', 'node', 'nodejs', 'deno', 'bun', 'ruby', 'perl', 'php', 'lua', 'tclsh', 'osascript', 'pwsh', 'powershell',
  'ts-node', 'tsx', 'rscript', 'julia', 'groovy', 'scala', 'jshell',
]);
