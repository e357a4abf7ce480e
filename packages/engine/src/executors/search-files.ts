import type { Stats } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import { startMatcher, type SearchMatcher } from './search-matcher.js';
import type { ExecutionContext, Executor } from './types.js';

export const SEARCH_LIMITS = {
  maxMatches: 200,
  maxFiles: 5000,
  maxFileBytes: 1_048_576,
  maxLineChars: 2000,
  excerptChars: 200,
  skipFolders: ['.git', 'node_modules'],
} as const;

interface Entry {
  readonly absolute: string;
  readonly nameMatched: boolean;
}

/**
 * Name and content search under a folder, bounded. The pattern is matched against redacted names
 * and lines only, so match counts say nothing about a secret's characters (no redaction oracle).
 */
export const searchFilesExecutor: Executor = async (payload, context) => {
  const root = payloadPath(payload, 'path');
  const pattern = payload['pattern'];
  if (typeof pattern !== 'string') throw new TypeError('executor: search_files needs a string pattern');
  const matcher = await startMatcher(pattern, context.signal);
  let outcome: { results: string[]; stopped: '' | 'matches' | 'files' };
  try {
    outcome = await search(root, matcher, context);
  } finally {
    matcher.close();
  }
  const { results, stopped } = outcome;
  const where = shownPath(context.workspace, root);
  const lines = [`${results.length} ${results.length === 1 ? 'match' : 'matches'} for ${JSON.stringify(pattern)} in ${where}`, ...results];
  if (stopped === 'matches') lines.push(`[stopped after ${SEARCH_LIMITS.maxMatches} matches]`);
  if (stopped === 'files') lines.push(`[stopped after ${SEARCH_LIMITS.maxFiles} files]`);
  return capOutput(lines.join('\n'), context.maxOutputBytes);
};

/** Depth first, names in order; stops at the limits or when the deadline fires. */
async function search(root: string, matcher: SearchMatcher, context: ExecutionContext): Promise<{ results: string[]; stopped: '' | 'matches' | 'files' }> {
  const inodes = context.protectedInodes();
  const isProtected = (absolute: string, stats: Stats): boolean =>
    inodes.has(`${stats.dev}:${stats.ino}`) || context.protectedPaths.some((p) => absolute === p || absolute.startsWith(p + path.sep));
  const shown = (absolute: string): string => shownPath(context.workspace, absolute);
  const results: string[] = [];
  let files = 0;
  const stack: Entry[] = [{ absolute: root, nameMatched: false }];
  while (stack.length > 0) {
    if (context.signal.aborted) throw new ExecutionError('search_files: stopped (took too long)', 'EXECUTION_TIMEOUT');
    const { absolute, nameMatched } = stack.pop() as Entry;
    const stats = await lstat(absolute).catch(() => undefined);
    if (!stats || stats.isSymbolicLink() || isProtected(absolute, stats)) continue;
    if (nameMatched) results.push(`${shown(absolute)}${stats.isDirectory() ? '/' : ''} (name)`);
    if (results.length >= SEARCH_LIMITS.maxMatches) return { results, stopped: 'matches' };
    if (stats.isDirectory()) {
      const names = (await readdir(absolute).catch(() => [] as string[])).filter((name) => !(SEARCH_LIMITS.skipFolders as readonly string[]).includes(name)).sort();
      const hits = new Set(await matcher.match(names.map((name) => context.redact(name))));
      for (let i = names.length - 1; i >= 0; i -= 1) stack.push({ absolute: path.join(absolute, names[i] as string), nameMatched: hits.has(i) });
      continue;
    }
    if (!stats.isFile()) continue;
    if (++files > SEARCH_LIMITS.maxFiles) return { results, stopped: 'files' };
    if (stats.size > SEARCH_LIMITS.maxFileBytes) continue;
    const data = await readFile(absolute).catch(() => undefined);
    if (!data || data.subarray(0, 8192).includes(0)) continue;
    // The whole file at once, so a secret spanning lines (a private key block) is found whole; line
    // numbers are those of the redacted text, which is what read_file shows the model too.
    const lines = context.redact(data.toString('utf8')).split('\n').map((line) => line.slice(0, SEARCH_LIMITS.maxLineChars));
    for (const i of await matcher.match(lines)) {
      results.push(`${shown(absolute)}:${i + 1}: ${(lines[i] ?? '').trim().slice(0, SEARCH_LIMITS.excerptChars)}`);
      if (results.length >= SEARCH_LIMITS.maxMatches) return { results, stopped: 'matches' };
    }
  }
  return { results, stopped: '' };
}
