import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Target } from '../pipeline/index.js';

/** Longest diff a human is shown; the rest is summed up in one line. */
export const MAX_DIFF_CHARS = 4000;
/** Beyond this many lines on either side the diff is not computed line by line. */
const MAX_DIFF_LINES = 400;

/** Longest account of the fields besides paths and a write's content (a request, a mail, a message). */
export const MAX_FIELDS_CHARS = 400;

/**
 * One line saying what will happen: the tool, the paths (relative to the workspace) or the command,
 * and every other field the action carries (a URL and method, recipients and subject, an agent's
 * task), so whoever approves sees where it goes and what it says, not only the tool's name.
 */
export function summarizeAction(toolName: string, payload: Readonly<Record<string, unknown>>, targets: readonly Target[], workspace: string): string {
  const shown = (target: Target): string => (target.path.startsWith(`${workspace}/`) ? target.path.slice(workspace.length + 1) : target.path);
  if (typeof payload['command'] === 'string') return `${toolName}: ${payload['command']}`;
  const content = payload['content'];
  const size = typeof content === 'string' && targets.length > 0 ? ` (${Buffer.byteLength(content, 'utf8')} bytes)` : '';
  const paths = targets.length === 0 ? '' : ` ${targets.map(shown).join(' → ')}${size}`;
  const described = new Set(targets.map((target) => target.field));
  if (size !== '') described.add('content');
  const rest = Object.fromEntries(Object.entries(payload).filter(([key]) => !described.has(key)));
  const fields = Object.keys(rest).length === 0 ? '' : ` ${capLine(JSON.stringify(rest))}`;
  return `${toolName}${paths}${fields}`;
}

function capLine(text: string): string {
  return text.length <= MAX_FIELDS_CHARS ? text : `${text.slice(0, MAX_FIELDS_CHARS)}… [${text.length - MAX_FIELDS_CHARS} more chars]`;
}

/** For a write: the change to the file, as `-`/`+` lines (empty for other actions). */
export function diffForWrite(payload: Readonly<Record<string, unknown>>, targets: readonly Target[]): string {
  const content = payload['content'];
  const target = targets.find((t) => t.access === 'write');
  if (typeof content !== 'string' || !target) return '';
  let before = '';
  if (target.kind === 'file') {
    try {
      before = readFileSync(target.path, 'utf8');
    } catch {
      before = '';
    }
  }
  return cap(lineDiff(before === '' ? [] : splitLines(before), splitLines(content)));
}

/** One fingerprint for all targets, stored with the approval. */
export function targetsFingerprint(targets: readonly Target[]): string {
  const hash = createHash('sha256');
  for (const target of targets) hash.update(`${target.field}\0${target.path}\0${target.fingerprint}\n`);
  return hash.digest('hex');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A longest-common-subsequence diff: unchanged lines with two spaces, removed `- `, added `+ `. */
function lineDiff(before: readonly string[], after: readonly string[]): string {
  if (before.length > MAX_DIFF_LINES || after.length > MAX_DIFF_LINES) {
    return `- (${before.length} lines)\n+ (${after.length} lines: too many to compare here)\n`;
  }
  const rows = before.length + 1;
  const cols = after.length + 1;
  const common = new Uint16Array(rows * cols);
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      common[i * cols + j] =
        before[i] === after[j] ? (common[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(common[(i + 1) * cols + j] ?? 0, common[i * cols + j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      out.push(`  ${before[i]}`);
      i += 1;
      j += 1;
    } else if (i < before.length && (j >= after.length || (common[(i + 1) * cols + j] ?? 0) >= (common[i * cols + j + 1] ?? 0))) {
      out.push(`- ${before[i]}`);
      i += 1;
    } else {
      out.push(`+ ${after[j]}`);
      j += 1;
    }
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

function cap(diff: string): string {
  return diff.length <= MAX_DIFF_CHARS ? diff : `${diff.slice(0, MAX_DIFF_CHARS)}\n… [${diff.length - MAX_DIFF_CHARS} more chars of diff]\n`;
}
