import type { Stats } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import { SEARCH_LIMITS } from './search-files.js';
import { startMatcher, type SearchMatcher } from './search-matcher.js';
import type { ExecutionContext, Executor } from './types.js';

/** `*` and `?` over a file's name; every other character is literal. */
export function globToRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/u, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'su');
}

/**
 * A regular expression over the lines of the files under a folder (or one file), bounded. Like
 * search_files it matches the redacted text only, so it cannot probe a secret's characters.
 */
export const grepExecutor: Executor = async (payload, context) => {
  const root = payloadPath(payload, 'path');
  const pattern = payload['pattern'];
  const glob = payload['glob'];
  if (typeof pattern !== 'string' || typeof glob !== 'string') throw new TypeError('executor: grep needs a string pattern and glob');
  const matcher = await startMatcher(`/${pattern}/${payload['case_sensitive'] === false ? 'i' : ''}`, context.signal);
  let outcome: { results: string[]; stopped: '' | 'matches' | 'files' };
  try {
    outcome = await grepTree(root, matcher, globToRegExp(glob), context);
  } finally {
    matcher.close();
  }
  const { results, stopped } = outcome;
  const lines = [`${results.length} matching ${results.length === 1 ? 'line' : 'lines'} for /${pattern}/ in ${shownPath(context.workspace, root)}`, ...results];
  if (stopped === 'matches') lines.push(`[stopped after ${SEARCH_LIMITS.maxMatches} lines]`);
  if (stopped === 'files') lines.push(`[stopped after ${SEARCH_LIMITS.maxFiles} files]`);
  return capOutput(lines.join('\n'), context.maxOutputBytes);
};

async function grepTree(root: string, matcher: SearchMatcher, names: RegExp, context: ExecutionContext): Promise<{ results: string[]; stopped: '' | 'matches' | 'files' }> {
  const inodes = context.protectedInodes();
  const isProtected = (absolute: string, stats: Stats): boolean =>
    inodes.has(`${stats.dev}:${stats.ino}`) || context.protectedPaths.some((p) => absolute === p || absolute.startsWith(p + path.sep));
  const results: string[] = [];
  let files = 0;
  const stack: string[] = [root];
  while (stack.length > 0) {
    if (context.signal.aborted) throw new ExecutionError('grep: stopped (took too long)', 'EXECUTION_TIMEOUT');
    const absolute = stack.pop() as string;
    const stats = await lstat(absolute).catch(() => undefined);
    if (!stats || stats.isSymbolicLink() || isProtected(absolute, stats)) continue;
    if (stats.isDirectory()) {
      const entries = (await readdir(absolute).catch(() => [] as string[])).filter((name) => !(SEARCH_LIMITS.skipFolders as readonly string[]).includes(name)).sort();
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push(path.join(absolute, entries[i] as string));
      continue;
    }
    if (!stats.isFile() || (absolute !== root && !names.test(path.basename(absolute)))) continue;
    if (++files > SEARCH_LIMITS.maxFiles) return { results, stopped: 'files' };
    if (stats.size > SEARCH_LIMITS.maxFileBytes) continue;
    const data = await readFile(absolute).catch(() => undefined);
    if (!data || data.subarray(0, 8192).includes(0)) continue;
    const lines = context.redact(data.toString('utf8')).split('\n').map((line) => line.slice(0, SEARCH_LIMITS.maxLineChars));
    for (const i of await matcher.match(lines)) {
      results.push(`${shownPath(context.workspace, absolute)}:${i + 1}: ${(lines[i] ?? '').trim().slice(0, SEARCH_LIMITS.excerptChars)}`);
      if (results.length >= SEARCH_LIMITS.maxMatches) return { results, stopped: 'matches' };
    }
  }
  return { results, stopped: '' };
}
