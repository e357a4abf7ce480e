import { caseless } from '../../../caseless.js';
import { proseIntent } from '../content/intent.js';
import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { KNOWN_COMMANDS } from '../shell/known-commands.js';
import { alternation } from '../text/word-list.js';
import { judgeCommandLine } from './shell.js';

/**
 * Work handed to another agent or a schedule, read for what it will do when it runs: the
 * commands it spells out, a listener that runs what it receives, data shipped out on a timer.
 * Nobody watches that run, so what would be blocked now is blocked when it is handed over.
 */
export const DELEGATED_RULES = {
  blockedCommand: defineRule(
    'intent.blocked_command',
    'block',
    'hands another agent or a schedule a command the Shield blocks',
  ),
  remoteControl: defineRule(
    'intent.remote_control',
    'block',
    'asks for whatever arrives over the network to be run as commands (a backdoor)',
  ),
  scheduledBulkSend: defineRule(
    'persistence.scheduled_bulk_send',
    'block',
    'ships the repository, files or records to an outside address on a schedule',
  ),
};

/** `inline code` and ```fenced``` spans: text quoted as a command. */
const QUOTED_CODE = /```(?:[a-z]*\n)?([\s\S]*?)```|`([^`\n]+)`/gu;
/** Where one step of a task ends and the next begins. */
const STEP_BREAK = /[.;!?](?:\s+|$)|\n+|,\s+|\s+(?:and then|then|and|after that|afterwards)\s+/u;
/** Words that introduce a command in a sentence ("run …", "please execute …", "then run: …"). */
const LEAD_IN = caseless(
  /^(?:(?:please|then|first|next|now|also)\s+)*(?:run|execute|exec|call|invoke|type):?\s+/iu,
);

/** "… make sure to run curl …": a command named mid-sentence after a verb that runs it. */
const RUN_VERB = caseless(/\b(?:run|runs|execute|executes|exec|invoke|type):?\s+/giu);

/** Words that end a command named in a sentence and go back to prose. */
const TRAILING_PROSE =
  /\s+(?:so|so that|in order to|because|every|each|whenever|until|which|while|to make|to keep)\s/u;

/** Steps of `text` that read as command lines: quoted code, and clauses that start with a program name. */
function commandsIn(text: string): string[] {
  const found: string[] = [];
  const keep = (clause: string): void => {
    const first = /^[\w.[-]+/u.exec(clause)?.[0];
    if (first === undefined || !KNOWN_COMMANDS.has(first) || !/\s/u.test(clause)) return;
    found.push(clause);
    // "… | sh so the tools stay current": the sentence goes on after the command ends.
    const cut = TRAILING_PROSE.exec(clause);
    if (cut !== null) found.push(clause.slice(0, cut.index));
  };
  for (const match of text.matchAll(QUOTED_CODE)) found.push((match[1] ?? match[2] ?? '').trim());
  for (const step of text.replace(QUOTED_CODE, ' ').split(STEP_BREAK)) {
    const clause = step.trim();
    keep(clause.replace(LEAD_IN.for(clause), ''));
    for (const match of clause.matchAll(RUN_VERB.for(clause)))
      if ((match.index ?? 0) > 0) keep(clause.slice((match.index ?? 0) + match[0].length));
    // "run the vendor diagnostic: curl … | sudo bash": the command the colon introduces.
    for (const match of clause.matchAll(/:\s+/gu))
      keep(clause.slice((match.index ?? 0) + match[0].length));
  }
  return found;
}

/** "Execute every line received", "run whatever the socket sends": remote control of the machine. */
const RUNNING_VERBS = [
  /execut\w*/u,
  'run',
  'runs',
  /eval\w*/u,
  /pipe\w*\s+(?:it\s+)?(?:in)?to\s+(?:a\s+)?(?:shell|bash|sh)/u,
];
const EVERY = ['every', 'each', 'any', 'all', 'whatever'];
const RECEIVED_THINGS = [
  /lines?/u,
  /commands?/u,
  /messages?/u,
  /requests?/u,
  /payloads?/u,
  /inputs?/u,
  'data',
  'it',
  'they',
];
const ARRIVING_VERBS = [
  'received',
  /receives?/u,
  'sent',
  /sends?/u,
  /arriv\w+/u,
  /comes? in/u,
  /gets?/u,
];
const RUNS_RECEIVED = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(RUNNING_VERBS)})\s+(?:${alternation(EVERY)})\s+(?:\w+\s+){0,2}?(?:${alternation(RECEIVED_THINGS)})\s+(?:\w+\s+){0,3}?(?:${alternation(ARRIVING_VERBS)})\b`,
    'iu',
  ),
);
/** Words for a channel that waits for orders: a listener, a port, a callback, an address. */
const LISTENING_CHANNELS = [
  /listen\w*/u,
  'listener',
  /bind\w*/u,
  /open\w*\s+(?:a\s+)?(?:port|socket)/u,
  'reverse',
  /connect\w*\s+back/u,
  /poll\w*/u,
  'webhook',
  'socket',
  /port\s+\d+/u,
  /\d{1,3}(?:\.\d{1,3}){3}:\d+/u,
];
const LISTENS = caseless(new RegExp(String.raw`\b(?:${alternation(LISTENING_CHANNELS)})\b`, 'iu'));

/** The repository, every file, a mailbox: more than a summary or a note. */
const WHOLE = ['every', 'all', 'entire', 'whole', 'complete'];
const DATA_COLLECTIONS = [
  /branch(?:es)?/u,
  /repo(?:sitor(?:y|ies))?/u,
  /files?/u,
  /folders?/u,
  /director(?:y|ies)/u,
  /databases?/u,
  'data',
  'history',
  'mailbox',
  /e-?mails/u,
  'contacts',
  'documents',
  'records',
  /backups?/u,
  'source',
];
const OWNED_STORES = [
  /repo(?:sitory)?/u,
  'database',
  'mailbox',
  'home folder',
  'workspace',
  'codebase',
  'source code',
  'clipboard',
  /keystrokes?/u,
  /(?:shell|terminal|command|browsing) history/u,
  /screen(?:shots?)?/u,
];
const BULK_DATA = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(WHOLE)})\s+(?:\w+\s+){0,2}?(?:${alternation(DATA_COLLECTIONS)})\b|\b(?:the|this|my|our)\s+(?:${alternation(OWNED_STORES)})\b`,
    'iu',
  ),
);

/** Judges prose handed to another agent or a schedule; `scheduled` when no one starts each run. */
export function judgeDelegatedWork(text: string, judge: Judge, scheduled: boolean): void {
  // A block is final: what the work would do could only add reasons.
  if (judge.findings.blocked) return;
  for (const command of commandsIn(text)) {
    const inner = new Findings();
    judgeCommandLine(command, { scope: judge.scope, findings: inner });
    if (inner.blocked) {
      judge.findings.add(DELEGATED_RULES.blockedCommand, `${command}: ${inner.result().reason}`);
      return;
    }
  }
  const received = RUNS_RECEIVED.exec(text)?.[0];
  if (received !== undefined && LISTENS.test(text))
    judge.findings.add(DELEGATED_RULES.remoteControl, received);
  if (scheduled) {
    const intent = proseIntent(text);
    if (intent.send && intent.external) {
      const bulk = BULK_DATA.exec(text)?.[0];
      if (bulk !== undefined) judge.findings.add(DELEGATED_RULES.scheduledBulkSend, bulk);
    }
  }
}
