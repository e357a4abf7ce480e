import picomatch from 'picomatch';

export type PathTest = (path: string) => boolean;

const ON_WINDOWS = process.platform === 'win32';
const GLOB_OPTIONS = { dot: true, windows: ON_WINDOWS };

/**
 * Exactly what `picomatch(globs, { dot: true })` answers, with each regex built once: picomatch's
 * own matcher allocates a result object per glob per call, and tier 0 runs on every action.
 */
export function globTest(globs: readonly string[]): PathTest {
  const compiled = globs.map((glob) => ({ glob, regex: picomatch.makeRe(glob, GLOB_OPTIONS) }));
  return (path) => {
    if (path === '') return false;
    const posix = ON_WINDOWS ? path.replace(/\\/gu, '/') : path;
    for (const { glob, regex } of compiled) if (path === glob || posix === glob || regex.test(posix)) return true;
    return false;
  };
}
