/**
 * The program a command word runs: `/usr/bin/curl`, `\curl`, `CURL` and `python3.12` are `curl`,
 * `curl`, `curl` and `python`. Case is folded because macOS file systems ignore it.
 */
export function programName(word: string): string {
  let name = word.slice(word.lastIndexOf('/') + 1).replace(/^\\+/u, '').toLowerCase().replace(/\.exe$/u, '');
  const versioned = /^(python|pip|ruby|perl|php|node|lua|pypy)(?:\d+(?:\.\d+)*)?$/u.exec(name);
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
