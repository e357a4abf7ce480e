import { canonicalActionType } from '../../../action-types.js';
import { READ_ONLY_ACTION_TYPES } from '../actions/read-only.js';
import { alternation, type Alternative } from '../text/word-list.js';
import type { SaidWords } from './words.js';

/**
 * Words by which a user asks for the web to be read: a task that looks things up, not one that
 * only reads this machine.
 */
const LOOK_UP_WORDS: readonly Alternative[] = [
  'research',
  'find',
  'look up',
  'look into',
  'search',
  'compare',
  'browse',
  'web',
  'online',
  'internet',
  'website',
  'news',
  /prices?/u,
  /releases?/u,
  'latest',
];

/** Words by which a user asks for files to change or commands to run. */
const CHANGE_WORDS: readonly Alternative[] = [
  'fix',
  'write',
  'draft',
  'edit',
  'update',
  'change',
  'create',
  'add',
  'rename',
  'refactor',
  'format',
  'run',
  'build',
  'implement',
  'patch',
  'rewrite',
  'translate',
];

/** Words by which a user asks for someone to be written to. */
const WRITE_TO_WORDS: readonly Alternative[] = [
  /e-?mail/u,
  'mail',
  'send',
  'reply',
  'answer',
  'write',
  'forward',
];

/** A word of the list in any of its verb forms ("fix", "fixes", "fixed", "fixing"). */
const anyForm = (list: readonly Alternative[]): RegExp =>
  new RegExp(String.raw`\b(?:${alternation(list)})(?:e?s|e?d|ing)?\b`, 'u');

const LOOK_UP = anyForm(LOOK_UP_WORDS);
const CHANGE = anyForm(CHANGE_WORDS);
const WRITE_TO = anyForm(WRITE_TO_WORDS);

/** Tool kinds a sub-agent may be granted, each with what the user must have asked for it to fit. */
const FITS: Readonly<Record<string, (words: SaidWords) => boolean>> = {
  http_request: (words) => LOOK_UP.test(words.lower),
  write_file: (words) => CHANGE.test(words.lower),
  execute_command: (words) => CHANGE.test(words.lower),
  send_email: (words) => WRITE_TO.test(words.lower),
};

/**
 * The engine's tool groups a sub-agent may be given. Reading and changing files, and git, act only
 * on this workspace and every call a child makes is judged on its own, as for its parent; the web
 * and the shell must be what the request calls for. Memory notes, agents and schedules reach later
 * runs, so a grant of them never fits a request on the user's word alone.
 */
const GROUP_FITS: Readonly<Record<string, (words: SaidWords) => boolean>> = {
  files: () => true,
  git: () => true,
  http: (words) => LOOK_UP.test(words.lower),
  shell: (words) => CHANGE.test(words.lower),
};

function toolFits(tool: unknown, words: SaidWords): boolean {
  if (typeof tool !== 'string') return false;
  const type = canonicalActionType(tool);
  if (type === undefined) return false;
  return READ_ONLY_ACTION_TYPES.has(type) || FITS[type]?.(words) === true;
}

const groupFits = (group: unknown, words: SaidWords): boolean =>
  typeof group === 'string' &&
  Object.hasOwn(GROUP_FITS, group) &&
  GROUP_FITS[group]?.(words) === true;

/**
 * Whether a new agent's grants fit what the user asked: a stated list of tools (or the engine's
 * tool groups) in which every one only reads here or is one the request calls for (a look-up for
 * the web, a change or a run for files and commands, a letter for mail). An agent given nothing
 * can only answer; a grant left unstated is not known to be small.
 */
export function grantsFitRequest(tools: unknown, groups: unknown, words: SaidWords): boolean {
  if (tools === undefined && groups === undefined) return false;
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((t) => toolFits(t, words))))
    return false;
  if (groups !== undefined && !(Array.isArray(groups) && groups.every((g) => groupFits(g, words))))
    return false;
  return true;
}

/** Tool groups that together let an agent fetch anything and run it: the web and the shell. */
const FETCH_AND_RUN = ['http', 'shell'];

/**
 * Whether a new agent is granted both the web and the shell while the request calls for neither
 * (no look-up, no change or run asked): everything it needs to fetch code and run it, for a task
 * that needed neither.
 */
export function grantsFetchAndRunUnasked(groups: unknown, words: SaidWords): boolean {
  if (!Array.isArray(groups)) return false;
  const granted = FETCH_AND_RUN.filter((group) => groups.includes(group));
  return (
    granted.length === FETCH_AND_RUN.length && granted.every((group) => !groupFits(group, words))
  );
}
