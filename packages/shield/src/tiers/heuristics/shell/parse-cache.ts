import { parse, type ParsedScript } from 'unbash';

/** Enough for the commands an agent repeats within a session (test runs, status checks, retries). */
const MAX_ENTRIES = 256;
/**
 * Longer sources are parsed every time: they are rarely repeated, and a tree holds about 15 times
 * its source in memory (256 trees of 1 KiB sources stay under 4 MB).
 */
const MAX_CACHED_SOURCE = 1024;

const recent = new Map<string, ParsedScript>();

/**
 * unbash's parse, remembered for the most recently seen sources (least recently used goes
 * first). Parsing is pure and the walker only reads the tree, so a repeated command line gets the
 * very tree it got before: the same judgement, without the parser's cost (the largest single
 * step for short command lines).
 */
export function parseShell(source: string): ParsedScript {
  if (source.length > MAX_CACHED_SOURCE) return parse(source);
  const known = recent.get(source);
  if (known !== undefined) {
    recent.delete(source);
    recent.set(source, known);
    return known;
  }
  const parsed = parse(source);
  recent.set(source, parsed);
  if (recent.size > MAX_ENTRIES) {
    const oldest = recent.keys().next();
    if (oldest.done !== true) recent.delete(oldest.value);
  }
  return parsed;
}

/** How many parsed sources are remembered (for tests). */
export function parseCacheSize(): number {
  return recent.size;
}
