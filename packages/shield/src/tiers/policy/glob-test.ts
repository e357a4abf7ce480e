import picomatch from 'picomatch';

export type PathTest = (path: string) => boolean;

const ON_WINDOWS = process.platform === 'win32';
const GLOB_OPTIONS = { dot: true, windows: ON_WINDOWS };

/**
 * Exactly what `picomatch(globs, { dot: true })` answers, with each regex built once: picomatch's
 * own matcher allocates a result object per glob per call, and tier 0 runs on every action.
 */
export function globTest(globs: readonly string[]): PathTest {
  const compiled = globs.map((glob) => ({ glob, regex: picomatch.makeRe(glob, GLOB_OPTIONS), required: requiredText(glob) }));
  return (path) => {
    if (path === '') return false;
    const posix = ON_WINDOWS ? path.replace(/\\/gu, '/') : path;
    for (const { glob, regex, required } of compiled) {
      if (path === glob || posix === glob) return true;
      if ((required === undefined || posix.includes(required)) && regex.test(posix)) return true;
    }
    return false;
  };
}

/** Globs of literal text, `*`, `**` and `?` only: no escapes, classes, braces or extglobs. */
const PLAIN_GLOB = /^[^\\{}[\]()!+@]*$/u;

/**
 * Text every path a plain glob matches must contain: its longest literal run, without the
 * slashes around it (`**\/` may match nothing, slash included). A path without it cannot match,
 * so picomatch's regex (slow on `**`) need not run. Undefined when the glob has no such text.
 */
export function requiredText(glob: string): string | undefined {
  if (!PLAIN_GLOB.test(glob)) return undefined;
  let longest = '';
  for (const part of glob.split(/[*?]+/u)) {
    const text = part.replace(/^\/+|\/+$/gu, '');
    if (text.length > longest.length) longest = text;
  }
  return longest === '' ? undefined : longest;
}
