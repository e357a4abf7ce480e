import { patternTable, type PatternTable } from '../text/pattern-table.js';
import { isInside, type PathScope, type ResolvedPath } from './resolve.js';
import {
  ABSOLUTE_PERSISTENCE,
  ABSOLUTE_PRIVATE,
  ABSOLUTE_PRIVILEGE,
  ABSOLUTE_SECRETS,
  ABSOLUTE_SECURITY,
  AGENT_CONTROL_SEGMENT,
  AGENT_INSTRUCTION_BASENAMES,
  AGENT_MEMORY_BASENAMES,
  AGENT_INSTRUCTION_DIRS,
  DISK_DEVICES,
  GLOB_ABSOLUTE_EXEMPLARS,
  GLOB_HOME_EXEMPLARS,
  GLOB_LOCAL_EXEMPLARS,
  HARMLESS_DEVICES,
  HOME_AGENT_CONTROL,
  HOME_PERSISTENCE,
  HOME_PRIVATE,
  HOME_SECRETS,
  LOG_DIRS,
  PROMPT_FILE,
  SECRET_BASENAMES,
  SECURITY_CONTROL_FILE,
  SOCKET_DEVICES,
  SSH_NON_SECRET,
  SYSTEM_DIRS,
  TEMP_DIRS,
} from './sensitive-tables.js';

/**
 * What a path is, as far as harm goes. Labels say why (e.g. `SSH keys`); undefined means "not
 * that". Every field is always present, so all traits share one object shape (readers stay fast).
 */
export interface PathTraits {
  readonly secret: string | undefined;
  readonly private: string | undefined;
  readonly persistence: string | undefined;
  readonly privilege: string | undefined;
  /** The agent harness's own state (database, policies, tokens). */
  readonly agentControl: string | undefined;
  /** Security policy or guardrail configuration. */
  readonly securityControl: string | undefined;
  /** A file agents read as instructions (AGENTS.md, CLAUDE.md, .cursorrules, prompts …). */
  readonly agentInstructions: string | undefined;
  /** The agent's memory files (MEMORY.md, USER.md): ordinary to write, judged by content. */
  readonly agentMemory: string | undefined;
  readonly system: boolean;
  readonly log: boolean;
  readonly temp: boolean;
  readonly device: 'harmless' | 'disk' | 'socket' | undefined;
  /** A home directory itself (`~`, `/home/x`, `/root`). */
  readonly homeRoot: boolean;
}

type Table = readonly (readonly [RegExp, string])[];
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const tables = new WeakMap<Table, PatternTable>();

/** The label of the first entry of `table` matching `text` (tables are compiled once, on first use). */
function first(table: Table, text: string): string | undefined {
  let compiled = tables.get(table);
  if (compiled === undefined) {
    compiled = patternTable(table);
    tables.set(table, compiled);
  }
  return compiled.first(text);
}

/** Whether any pattern of `table` matches `text`. */
export function matchesAny(table: Table, text: string): boolean {
  return first(table, text) !== undefined;
}

const GIT_HOOKS = /(?:^|\/)\.git\/hooks(?:\/|$)/u;
const GIT_CONFIG = /(?:^|\/)\.git\/config$/u;
/** The persistence label of a repository's git config. */
export const GIT_CONFIG_PERSISTENCE = 'git configuration (hooks path, aliases)';

/**
 * Every pattern read against one kind of name, combined: when the combined scan misses, each
 * table and test below would miss too, so classifyConcrete skips them.
 */
const HOME_NAMES = patternTable([
  ...HOME_SECRETS,
  ...HOME_PERSISTENCE,
  ...HOME_AGENT_CONTROL,
  ...HOME_PRIVATE,
]);
const ABSOLUTE_NAMES = patternTable([
  ...ABSOLUTE_SECRETS,
  ...ABSOLUTE_PRIVATE,
  ...ABSOLUTE_PERSISTENCE,
  ...ABSOLUTE_PRIVILEGE,
  ...ABSOLUTE_SECURITY,
  [GIT_HOOKS, 'git hook'],
  [GIT_CONFIG, 'git configuration'],
  [AGENT_INSTRUCTION_DIRS, 'agent instructions'],
]);
const BASE_NAMES = patternTable([
  ...SECRET_BASENAMES,
  [AGENT_INSTRUCTION_BASENAMES.unicode, 'agent instructions'],
  [PROMPT_FILE.unicode, 'prompt'],
  [AGENT_MEMORY_BASENAMES, 'agent memory'],
]);

const OTHER_HOME = /^\/(?:home|Users)\/[^/]+(?:\/(.*))?$|^\/root(?:\/(.*))?$/u;

/** Whether `absolute` lies in another account's home folder, not the user's own. */
export function inAnotherHome(absolute: string, home: string): boolean {
  return !(home !== '/' && isInside(absolute, home)) && OTHER_HOME.test(absolute);
}

/** The path relative to whichever home contains it (`''` for the home itself), or undefined. */
function homeRelative(absolute: string, home: string): string | undefined {
  if (home !== '/' && isInside(absolute, home)) return absolute.slice(home.length + 1);
  const otherHome = OTHER_HOME.exec(absolute);
  if (!otherHome) return undefined;
  return otherHome[1] ?? otherHome[2] ?? '';
}

/**
 * A home's credential store found deeper down: a backup or another disk holding a copy of a home
 * (`/mnt/old/.aws/credentials`, `~/backup/.ssh/id_rsa`), or a relative path that climbed out of
 * the workspace somewhere else. Read from each hidden folder on, the rest is a home's layout.
 */
function copiedHomeSecret(path: string): string | undefined {
  for (let at = path.indexOf('/.'); at >= 0; at = path.indexOf('/.', at + 1)) {
    const rest = path.slice(at + 1);
    if (HOME_NAMES.any(rest) && !SSH_NON_SECRET.test(rest)) {
      const secret = first(HOME_SECRETS, rest);
      if (secret !== undefined) return secret;
    }
  }
  return undefined;
}

function classifyConcrete(absolute: string, scope: PathScope): Mutable<PathTraits> {
  // The user chose the workspace: being under /srv, /var or ~/.config says nothing about its files.
  // Names (keys, .env, hooks, instruction files) still count there.
  const inWorkspace = isInside(absolute, scope.workspace);
  const traits: Mutable<PathTraits> = {
    secret: undefined,
    private: undefined,
    persistence: undefined,
    privilege: undefined,
    agentControl: undefined,
    securityControl: undefined,
    agentInstructions: undefined,
    agentMemory: undefined,
    system: !inWorkspace && SYSTEM_DIRS.test(absolute),
    log: !inWorkspace && LOG_DIRS.test(absolute),
    temp: !inWorkspace && TEMP_DIRS.test(absolute),
    device: undefined,
    homeRoot: false,
  };
  const base = absolute.slice(absolute.lastIndexOf('/') + 1);
  const rel = homeRelative(absolute, scope.home);
  // A trait keeps the first label found for it (`??=`), in the order below.
  // Most paths match none of the tables: one combined scan per kind of name says so (see above).
  const homeHit = rel !== undefined && HOME_NAMES.any(rel);
  const absoluteHit = ABSOLUTE_NAMES.any(absolute);
  const baseHit = BASE_NAMES.any(base);
  if (rel !== undefined) {
    traits.homeRoot = rel === '';
    // The whole home folder holds everything personal at once.
    if (rel === '' && !inWorkspace) traits.private ??= 'home folder';
    if (homeHit) {
      if (!SSH_NON_SECRET.test(rel)) traits.secret ??= first(HOME_SECRETS, rel);
      traits.persistence ??= first(HOME_PERSISTENCE, rel);
      traits.agentControl ??= first(HOME_AGENT_CONTROL, rel);
      if (!inWorkspace) traits.private ??= first(HOME_PRIVATE, rel);
    }
  }
  if (!inWorkspace) traits.secret ??= copiedHomeSecret(rel ?? absolute);
  if (absoluteHit) traits.secret ??= first(ABSOLUTE_SECRETS, absolute);
  if (baseHit) traits.secret ??= first(SECRET_BASENAMES, base);
  if (absoluteHit) {
    traits.private ??= first(ABSOLUTE_PRIVATE, absolute);
    traits.persistence ??= first(ABSOLUTE_PERSISTENCE, absolute);
    if (GIT_HOOKS.test(absolute)) traits.persistence ??= 'git hook';
    if (GIT_CONFIG.test(absolute)) traits.persistence ??= GIT_CONFIG_PERSISTENCE;
    traits.privilege ??= first(ABSOLUTE_PRIVILEGE, absolute);
    traits.securityControl ??= first(ABSOLUTE_SECURITY, absolute);
  }
  // Inside the workspace only the workspace-relative part counts: the workspace itself may live
  // under the harness's folder (e.g. ~/.parapet/workspace).
  const local = inWorkspace ? absolute.slice(scope.workspace.length) : absolute;
  if (AGENT_CONTROL_SEGMENT.test(local)) traits.agentControl ??= "the agent harness's own state";
  if (SECURITY_CONTROL_FILE.test(local)) traits.securityControl ??= 'security policy configuration';
  if (
    (baseHit && AGENT_INSTRUCTION_BASENAMES.test(base)) ||
    (absoluteHit && AGENT_INSTRUCTION_DIRS.test(absolute))
  ) {
    traits.agentInstructions ??= `agent instruction file ${base}`;
  } else if (baseHit && PROMPT_FILE.test(base)) traits.agentInstructions ??= `prompt file ${base}`;
  if (baseHit && AGENT_MEMORY_BASENAMES.test(base)) traits.agentMemory ??= `agent memory ${base}`;
  if (absolute.startsWith('/dev/')) {
    if (HARMLESS_DEVICES.test(absolute)) traits.device = 'harmless';
    else if (DISK_DEVICES.test(absolute)) traits.device = 'disk';
    else if (SOCKET_DEVICES.test(absolute)) traits.device = 'socket';
  }
  return traits;
}

/** A character inside a regex class: the class's own syntax characters escaped. */
const inClass = (c: string): string => (/[\\\][^-]/u.test(c) ? `\\${c}` : c);

/**
 * A glob's bracket expression as a regex class: a leading `!` or `^` negates, `a-z` is a range when
 * it runs upwards, and every other character stands for itself (the shell's reading), so no text
 * the agent writes can make an invalid pattern.
 */
function bracketClass(body: string): string {
  const chars = Array.from(body);
  let out = /^[!^]/u.test(body) ? '^' : '';
  for (let i = out === '' ? 0 : 1; i < chars.length; i++) {
    const from = chars[i] ?? '';
    const to = chars[i + 2];
    if (chars[i + 1] === '-' && to !== undefined && from <= to) {
      out += `${inClass(from)}-${inClass(to)}`;
      i += 2;
    } else out += inClass(from);
  }
  return `[${out}]`;
}

/** Glob text to an anchored regex with the shell's rules (`*` stays in one segment, skips dotfiles). */
function globRegex(glob: string): RegExp {
  let out = '';
  let segmentStart = true;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (segmentStart && (c === '*' || c === '?' || c === '[')) out += '(?!\\.)';
    segmentStart = c === '/';
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        out += bracketClass(glob.slice(i + 1, close));
        i = close;
      }
    } else out += c.replace(/[.+^${}()|[\]\\]/gu, '\\$&');
  }
  return new RegExp(`^${out}$`, 'u');
}

/** Fills each label `into` lacks from `from`. */
function merge(into: Mutable<PathTraits>, from: PathTraits): void {
  into.secret ??= from.secret;
  into.private ??= from.private;
  into.persistence ??= from.persistence;
  into.privilege ??= from.privilege;
  into.agentControl ??= from.agentControl;
  into.securityControl ??= from.securityControl;
  into.agentInstructions ??= from.agentInstructions;
  into.agentMemory ??= from.agentMemory;
}

interface Exemplar {
  readonly path: string;
  readonly traits: PathTraits;
}

/** Concrete sensitive files per home, classified once (the home rarely changes). */
const exemplarCache = new Map<string, readonly Exemplar[]>();

function exemplarsFor(home: string, scope: PathScope): readonly Exemplar[] {
  const key = `${home}\u0000${scope.home}\u0000${scope.workspace}`;
  let list = exemplarCache.get(key);
  if (list === undefined) {
    const paths = [...GLOB_ABSOLUTE_EXEMPLARS, ...GLOB_HOME_EXEMPLARS.map((e) => `${home}/${e}`)];
    list = paths.map((path) => ({ path, traits: classifyConcrete(path, scope) }));
    if (exemplarCache.size > 64) exemplarCache.clear();
    exemplarCache.set(key, list);
  }
  return list;
}

/** Sensitive files a glob could expand to, judged by concrete exemplars. */
function classifyGlob(path: ResolvedPath, scope: PathScope, traits: Mutable<PathTraits>): void {
  const pattern = globRegex(path.absolute);
  const staticDir = path.absolute.slice(0, path.absolute.search(/[*?[]/u)).replace(/\/[^/]*$/u, '');
  merge(traits, classifyConcrete(staticDir === '' ? '/' : staticDir, scope));
  const userHome = /^\/(?:home|Users)\/[^/*?[]+/u.exec(path.absolute)?.[0];
  for (const home of new Set([scope.home, '/root', userHome ?? scope.home])) {
    for (const exemplar of exemplarsFor(home, scope))
      if (pattern.test(exemplar.path)) merge(traits, exemplar.traits);
  }
  const lastSegment = path.absolute.slice(path.absolute.lastIndexOf('/') + 1).toLowerCase();
  for (const [name, anchor] of GLOB_LOCAL_EXEMPLARS) {
    const candidate = `${staticDir}/${name}`;
    if (lastSegment.includes(anchor) && pattern.test(candidate))
      merge(traits, classifyConcrete(candidate, scope));
  }
}

/** Classifies a resolved path (a glob by what it could match). */
export function classifyPath(path: ResolvedPath, scope: PathScope): PathTraits {
  const traits = classifyConcrete(path.absolute, scope);
  if (path.glob) classifyGlob(path, scope, traits);
  return traits;
}

/** The most serious sensitivity label, for data-flow purposes. */
export function sensitivityOf(traits: PathTraits): 'secret' | 'private' | undefined {
  if (traits.secret !== undefined || traits.agentControl !== undefined) return 'secret';
  if (traits.private !== undefined) return 'private';
  return undefined;
}
