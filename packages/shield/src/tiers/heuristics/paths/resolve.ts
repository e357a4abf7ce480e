import type { PathUse } from '../judge.js';
import type { ParsedCommandLine } from '../shell/model.js';
import type { HeuristicContext } from '../types.js';
import { emptyList } from '../lists.js';

/**
 * Stand-in root when the caller gave no workspace: relative paths still count as the workspace's
 * (tools run there), absolute ones never do.
 */
const UNKNOWN_WORKSPACE = '/\u0000workspace';

export interface PathScope {
  readonly home: string;
  readonly workspace: string;
  /** Directory relative paths resolve against (a `cd` inside a command moves it). */
  readonly cwd: string;
  /**
   * Paths already judged in this evaluation, by cwd and raw text: rules meet the same path many
   * times, and judging one is pure. Copies of the scope with another cwd share it.
   */
  readonly judged?: Map<string, PathUse>;
  /**
   * Command lines already walked in this evaluation, by cwd and source: the shell rules and the
   * API-call rules read the same line (`shell/web-requests.ts`).
   */
  readonly lines?: Map<string, ParsedCommandLine>;
  /** Texts of files the action runs, by absolute path, as the caller read them (`EvaluationContext.fileContents`). */
  readonly fileContents?: ReadonlyMap<string, string>;
}

export function scopeOf(context: HeuristicContext): PathScope {
  const workspace = normalizeAbsolute(context.workspace ?? UNKNOWN_WORKSPACE);
  const home = normalizeAbsolute(context.home);
  return context.fileContents === undefined
    ? { home, workspace, cwd: workspace, judged: new Map(), lines: new Map() }
    : {
        home,
        workspace,
        cwd: workspace,
        judged: new Map(),
        lines: new Map(),
        fileContents: context.fileContents,
      };
}

export interface ResolvedPath {
  readonly raw: string;
  /** Normalized absolute path (`..` and `.` folded, no trailing slash). */
  readonly absolute: string;
  readonly inWorkspace: boolean;
  /** The workspace root itself or one of its ancestors: deleting it deletes the workspace. */
  readonly containsWorkspace: boolean;
  /** Unquoted glob characters: the path names a set of files. */
  readonly glob: boolean;
  /** Parts the shell fills in at run time (`$VAR`, `$(…)`): the real target is unknown. */
  readonly dynamic: boolean;
}

function normalizeAbsolute(path: string): string {
  // Already normal (the common case): absolute, no empty, `.` or `..` segments, no trailing slash.
  if (
    path.startsWith('/') &&
    !path.includes('//') &&
    !path.includes('/.') &&
    (path.length === 1 || !path.endsWith('/'))
  )
    return path;
  const out: string[] = emptyList();
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

const HOME_PREFIX = /^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/u;
const OTHER_USER_HOME = /^~([a-z_][a-z0-9_-]*)(?=\/|$)/u;
const GLOB = /[*?]|\[[^\]]*\]/u;
const DYNAMIC = /\$[{(A-Za-z_]|`/u;

export function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  if (root === '/') return path.startsWith('/');
  return (
    path.length > root.length && path.charCodeAt(root.length) === SLASH && path.startsWith(root)
  );
}

const SLASH = 0x2f;
const TILDE = 0x7e;
const DOLLAR = 0x24;

/** Resolves `raw` against `cwd` (the scope's by default). */
export function resolvePath(raw: string, scope: PathScope, cwd: string = scope.cwd): ResolvedPath {
  let text = raw.trim();
  // Only `~…` and `$HOME…` name a home: the patterns below need not run on anything else.
  const first = text.charCodeAt(0);
  if (first === TILDE || first === DOLLAR) {
    const home = HOME_PREFIX.exec(text);
    if (home) text = scope.home + text.slice(home[0].length);
    else {
      const other = OTHER_USER_HOME.exec(text);
      if (other) text = `/home/${other[1] ?? ''}${text.slice(other[0].length)}`;
    }
  }
  const absolute = normalizeAbsolute(text.startsWith('/') ? text : `${cwd}/${text}`);
  return {
    raw,
    absolute,
    inWorkspace: isInside(absolute, scope.workspace),
    containsWorkspace: isInside(scope.workspace, absolute),
    glob: (raw.includes('*') || raw.includes('?') || raw.includes('[')) && GLOB.test(raw),
    dynamic: (text.includes('$') || text.includes('`')) && DYNAMIC.test(text),
  };
}

/**
 * `cwd/text` when `text` is a bare file name (letters, digits, `.`, `_`, `+`, `-`; not `.` or
 * `..`): what resolvePath gives for it when `cwd` is already normal, without its work.
 * Undefined for anything else.
 */
export function childPathOf(cwd: string, text: string): string | undefined {
  if (text === '' || text === '.' || text === '..') return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const plain =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x2e ||
      c === 0x5f ||
      c === 0x2b ||
      c === 0x2d;
    if (!plain) return undefined;
  }
  return cwd === '/' ? `/${text}` : `${cwd}/${text}`;
}
