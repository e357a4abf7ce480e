import type { Rule } from '../registry.js';
import { SHELL_EXECUTION_RULES } from '../rules/shell-execution.js';
import { userSaid, userTyped, type SaidWords } from './words.js';
import type { Waivers } from './waivers.js';

/**
 * One run of a project's own task and nothing else: `npm run deploy:staging`, `yarn seed`,
 * `make release`. No chaining, redirection, substitution or extra arguments.
 */
const LONE_TASK = /^\s*(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?|make\s+)([a-z][\w:.-]*)\s*$/iu;

/**
 * A project task the user asked for by name ("run the deploy script to staging" for
 * `npm run deploy:staging`): every word of the task's name is one they used. Running the
 * project's own task is what they asked; only the "not a build, test or lint step" question is
 * settled. What the task file says is the project's, and a change to it is judged when written.
 */
export function projectTaskWaivers(
  payload: Readonly<Record<string, unknown>>,
  words: SaidWords,
): Waivers | undefined {
  const command = payload['command'];
  if (typeof command !== 'string') return undefined;
  const task = LONE_TASK.exec(command)?.[1];
  if (task === undefined) return undefined;
  const parts = task.split(/[:._-]+/u).filter(Boolean);
  if (parts.length === 0 || !parts.every((part) => userSaid(part, words))) return undefined;
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.buildTarget]), requestedByUser: false };
}

/** One program and its arguments: no chaining, pipes, redirection, substitution or quoting tricks. */
const LONE_PROGRAM = /^\s*([a-z][\w.+-]*)(?:\s+[^\s;&|<>`$()\\'"]+)*\s*$/iu;

/** A URL, or an `[user@]host:path` remote as scp, rsync and their kind take it. */
const REMOTE_ARGUMENT = /:\/\/|(?:^|\s)(?:[\w.-]+@)?[\w-]+(?:\.[\w-]+)*:[^\s]*/u;

/**
 * A program the Shield does not know, run on its own, that the user named by its exact name ("rotate
 * it with logrotate"): what the program is, they know. Only the "does not know this program"
 * question is settled; the paths it is given are judged as before.
 */
export function namedProgramWaivers(
  payload: Readonly<Record<string, unknown>>,
  words: SaidWords,
): Waivers | undefined {
  const command = payload['command'];
  if (typeof command !== 'string') return undefined;
  const program = LONE_PROGRAM.exec(command)?.[1];
  if (program === undefined || !userTyped(program, words)) return undefined;
  // A program the Shield does not know may send what it is given: a URL or a remote keeps the question.
  if (REMOTE_ARGUMENT.test(command)) return undefined;
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.unknownCommand]), requestedByUser: false };
}
