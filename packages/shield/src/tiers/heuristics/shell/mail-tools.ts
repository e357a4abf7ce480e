import type { SimpleCommand } from './model.js';
import { operands, optionValues, options } from './options.js';

/**
 * What a local mail tool does with the user's mail (notmuch's index, mbsync and OfflineIMAP):
 * - `read`: prints mail, its files, addresses or tags (`notmuch show`, `search`, `address`, `count`);
 * - `tag`: files mail under tags or re-indexes it, on this machine (`notmuch tag`, `new`);
 * - `sync`: syncs the mailboxes the user configured with their server;
 * - `unknown`: anything else: changes to the tools' settings, mail inserted, a sync with another
 *   configuration than the user's (which may name any server to push the mail to).
 */
export type MailAct = 'read' | 'tag' | 'sync' | 'unknown';

export interface MailToolUse {
  readonly act: MailAct;
  /** `notmuch config set`, for a reason shown to a person. */
  readonly detail: string;
}

const NOTMUCH_VALUES = options('--config --profile');
const NOTMUCH_ACTS: ReadonlyMap<string, MailAct> = new Map([
  ['count', 'read'],
  ['search', 'read'],
  ['show', 'read'],
  ['address', 'read'],
  ['reply', 'read'],
  ['dump', 'read'],
  ['tag', 'tag'],
  ['new', 'tag'],
  ['reindex', 'tag'],
  ['compact', 'tag'],
]);
/** Subcommands whose output is the mail itself, or who wrote it: private to the user. */
const NOTMUCH_PRINTS_MAIL = new Set(['search', 'show', 'address', 'reply', 'dump']);

function notmuch(cmd: SimpleCommand): MailToolUse {
  const [sub = '', second = ''] = operands(cmd.args, NOTMUCH_VALUES).map((arg) => arg.text);
  const detail = `notmuch ${sub}`.trim();
  if (optionValues(cmd.args, ['--config']).length > 0) return { act: 'unknown', detail };
  if (sub === 'config' && (second === 'get' || second === 'list'))
    return { act: 'read', detail: `${detail} ${second}` };
  return { act: NOTMUCH_ACTS.get(sub) ?? 'unknown', detail };
}

/** A sync with the configuration the user keeps; `-c`/`--config` may name any other server. */
function sync(cmd: SimpleCommand): MailToolUse {
  const other = optionValues(cmd.args, ['-c', '--config']).length > 0;
  return { act: other ? 'unknown' : 'sync', detail: `${cmd.name}${other ? ' -c' : ''}` };
}

export const MAIL_TOOLS: ReadonlySet<string> = new Set(['notmuch', 'mbsync', 'offlineimap']);

export function mailToolUse(cmd: SimpleCommand): MailToolUse | undefined {
  if (cmd.name === 'notmuch') return notmuch(cmd);
  if (cmd.name === 'mbsync' || cmd.name === 'offlineimap') return sync(cmd);
  return undefined;
}

/** Whether the command prints the user's mail (contents, files, correspondents). */
export function printsMail(cmd: SimpleCommand): boolean {
  if (cmd.name !== 'notmuch') return false;
  const sub = operands(cmd.args, NOTMUCH_VALUES)[0]?.text ?? '';
  return NOTMUCH_PRINTS_MAIL.has(sub);
}
