import type { Rule } from '../registry.js';
import { INFRASTRUCTURE_TOOLS, SHELL_EXECUTION_RULES } from '../rules/shell-execution.js';
import { BACKUP_RULES } from '../rules/backups.js';
import { LOCATION_RULES } from '../rules/locations.js';
import { DELETING } from '../rules/shell-infrastructure.js';
import { SHELL_PERSISTENCE_RULES } from '../rules/shell-persistence.js';
import { userNamedPlace } from './named-folders.js';
import { stemsOf, userSaid, userSaidStem, userTyped, type SaidWords } from './words.js';
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
export function projectTaskWaivers(command: string, words: SaidWords): Waivers | undefined {
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
export function namedProgramWaivers(command: string, words: SaidWords): Waivers | undefined {
  const program = LONE_PROGRAM.exec(command)?.[1];
  if (program === undefined || !userTyped(program, words)) return undefined;
  // A program the Shield does not know may send what it is given: a URL or a remote keeps the question.
  if (REMOTE_ARGUMENT.test(command)) return undefined;
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.unknownCommand]), requestedByUser: false };
}

/** `$(date +%F)`: a date the shell fills in, as in a dated archive's name; it names no place. */
const DATE_STAMP = /\$\(date(?:\s+['"]?\+[%\w:.-]+['"]?)?\)/gu;
/** `tar … -C DIR NAME…`: the archive holds DIR/NAME, not the whole of DIR. */
const TAR_BASE = /^(\s*(?:tar|bsdtar)\s.*?)(?:-C|--directory)[ =](\S+)((?:\s+[^\s-][^\s]*)+)\s*$/u;

/** The line with a tar base folder joined to the members packed from it. */
function archiveMembers(line: string): string {
  const match = TAR_BASE.exec(line);
  if (match === null) return line;
  const [, before = '', base = '', members = ''] = match;
  const joined = members
    .trim()
    .split(/\s+/u)
    .map((member) => `${base.replace(/\/+$/u, '')}/${member}`);
  return `${before}${joined.join(' ')}`;
}

/** A path outside the workspace on a command line: under the home folder or absolute. */
const OUTSIDE_PATH = /(?<![\w.~/-])(?:~|\/)[^\s;&|<>`$()'"]*/gu;

/**
 * A single command whose every path outside the workspace lies in a folder the user typed out
 * ("back up the finance folder into ~/Backups") or named ("copy my thesis onto the backup drive"):
 * writing there, and reading their own files there, is what they asked. Only "writes outside the
 * workspace" and "reads private files" are settled; secret, hidden and system locations, and
 * where anything is sent, are judged as before.
 */
export function namedFolderWaivers(command: string, words: SaidWords): Waivers | undefined {
  const line = command.replace(DATE_STAMP, '2026-01-01');
  if (/[;|`]|\$\(|&&/u.test(line)) return undefined;
  const paths = [...archiveMembers(line).matchAll(OUTSIDE_PATH)].map((match) => match[0]);
  if (paths.length === 0 || !paths.every((path) => userNamedPlace(path, words))) return undefined;
  return {
    rules: new Set<Rule>([LOCATION_RULES.writeOutside, LOCATION_RULES.privateRead]),
    requestedByUser: false,
  };
}

/** One restore from a backup repository: `restic … restore …`, `borg extract …`. */
const LONE_RESTORE =
  /^\s*(?:restic|borg|borgbackup)\s(?:[^;&|`<>$()]*\s)?(?:restore|extract)\s[^;&|`<>$()]*$/u;
/** A request to have files back from a backup ("restore", "get it back", "recover"). */
const RESTORING =
  /\b(?:restor(?:e|ing)|recover|undelete|retrieve|(?:get|bring)\s+(?:\S+\s+){0,2}back)\b/iu;

/**
 * A restore the user asked for ("get my spreadsheet back from last night's backup"): writing the
 * restored files outside the workspace is the errand. Only that is settled; a restore into start-up,
 * key or settings folders, and where the repository is, are judged as before.
 */
export function askedRestoreWaivers(command: string, words: SaidWords): Waivers | undefined {
  if (!LONE_RESTORE.test(command) || !RESTORING.test(words.lower)) return undefined;
  return { rules: new Set<Rule>([LOCATION_RULES.writeOutside]), requestedByUser: false };
}

/** A request to thin out backups: prune, forget, a retention policy, old snapshots deleted. */
const THINNING =
  /\b(?:prune|forget|retention|(?:delete|remove|drop)\s+(?:\S+\s+){0,3}?(?:snapshots?|archives?|backups?))\b/iu;

/**
 * Snapshots deleted when the user asked to prune or apply a retention policy ("keep 7 daily and
 * prune"): losing the old snapshots is the errand. A whole repository deleted stays refused.
 */
export function askedPruneWaivers(command: string, words: SaidWords): Waivers | undefined {
  if (!/^\s*(?:restic|borg|borgbackup)\s/u.test(command) || !THINNING.test(words.lower))
    return undefined;
  return { rules: new Set<Rule>([BACKUP_RULES.snapshotsDeleted]), requestedByUser: false };
}

/** Kinds of cloud and cluster resources: naming one ("the staging worker") leaves out its kind. */
const RESOURCE_KINDS = new Set(
  stemsOf(`deployment deploy deployments statefulset sts daemonset ds pod pods po service svc job
  cronjob node nodes namespace ns configmap cm ingress replicaset rs hpa release chart bucket
  instance instances cluster`),
);
/** Options that only say where (a namespace, region, project, context) or how to print. */
const PLACING_OPTIONS = new Set([
  'namespace',
  'n',
  'replicas',
  'region',
  'profile',
  'project',
  'zone',
  'context',
  'kube-context',
  'chdir',
  'output',
  'o',
  'no-color',
  'wait',
  'timeout',
]);
/** Uninstalling or tearing down, besides the deleting verbs. */
const TEARING_DOWN = /^(?:uninstall|down|drain)$/u;

/** Every word of `text` said by the user, or a resource kind. */
function wordsSaid(text: string, words: SaidWords): boolean {
  const parts = stemsOf(text);
  return (
    parts.length > 0 && parts.every((part) => RESOURCE_KINDS.has(part) || userSaidStem(part, words))
  );
}

/** An operand the user gave: typed out whole, or each of its words said or a resource kind. */
function operandSaid(text: string, words: SaidWords): boolean {
  return userTyped(text, words) || wordsSaid(text, words);
}

/**
 * A cloud or cluster change the user described word for word ("scale the staging worker to 3
 * replicas" for `kubectl scale deployment/worker --replicas=3 -n staging`): the verb, every name
 * and value, and every option beyond where it runs are theirs. Only the "changes infrastructure"
 * question is settled, never for a deletion or a teardown; exposure, secrets, grants and
 * destinations are judged as before.
 */
export function infrastructureWaivers(command: string, words: SaidWords): Waivers | undefined {
  const program = LONE_PROGRAM.exec(command)?.[1];
  if (program === undefined || !INFRASTRUCTURE_TOOLS.has(program)) return undefined;
  const tokens = command.trim().split(/\s+/u).slice(1);
  for (const token of tokens) {
    if (DELETING.test(token) || TEARING_DOWN.test(token)) return undefined;
    if (!token.startsWith('-')) {
      if (!operandSaid(token, words)) return undefined;
      continue;
    }
    const [name = '', value] = token.replace(/^-+/u, '').split(/=(.*)/su);
    if (!PLACING_OPTIONS.has(name) && !wordsSaid(name, words)) return undefined;
    if (value !== undefined && value !== '' && !operandSaid(value, words)) return undefined;
  }
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.infrastructure]), requestedByUser: false };
}

/** `ssh-copy-id [-i KEY] [user@]HOST`, alone. */
const COPY_ID = /^\s*ssh-copy-id((?:\s+-i\s+\S+)?)\s+(?:[\w.-]+@)?([\w.-]+)\s*$/u;

/**
 * The user's own public key copied to a server they named ("copy my id_devbox key to devbox"):
 * the login it sets up is theirs, to their machine. A key or a host the request never names, or a
 * key from outside `~/.ssh`, keeps the refusal.
 */
export function ownKeyCopyWaivers(command: string, words: SaidWords): Waivers | undefined {
  const match = COPY_ID.exec(command);
  if (match === null) return undefined;
  const [, option = '', host = ''] = match;
  if (!userTyped(host, words)) return undefined;
  const key = option.replace(/^\s+-i\s+/u, '');
  if (key !== '') {
    const name = /^~\/\.ssh\/([\w.-]+?)(?:\.pub)?$/u.exec(key)?.[1];
    if (name === undefined || !userTyped(name, words)) return undefined;
  }
  return {
    rules: new Set<Rule>(),
    settledBlocks: new Set<Rule>([SHELL_PERSISTENCE_RULES.sshCopyId]),
    requestedByUser: false,
  };
}
