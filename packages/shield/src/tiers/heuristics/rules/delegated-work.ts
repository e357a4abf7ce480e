import { caseless } from '../../../caseless.js';
import { proseIntent } from '../content/intent.js';
import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { KNOWN_COMMANDS } from '../shell/known-commands.js';
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
/** Words that introduce a command in a sentence ("run …", "please execute …"). */
const LEAD_IN = caseless(
  /^(?:(?:please|then|first|next|now|also)\s+)*(?:run|execute|exec|call|invoke|type)\s+/iu,
);

/** "… make sure to run curl …": a command named mid-sentence after a verb that runs it. */
const RUN_VERB = caseless(/\b(?:run|runs|execute|executes|exec|invoke|type)\s+/giu);

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
  for (const m of text.matchAll(QUOTED_CODE)) found.push((m[1] ?? m[2] ?? '').trim());
  for (const step of text.replace(QUOTED_CODE, ' ').split(STEP_BREAK)) {
    const clause = step.trim();
    keep(clause.replace(LEAD_IN.for(clause), ''));
    for (const m of clause.matchAll(RUN_VERB.for(clause)))
      if ((m.index ?? 0) > 0) keep(clause.slice((m.index ?? 0) + m[0].length));
  }
  return found;
}

/** "Execute every line received", "run whatever the socket sends": remote control of the machine. */
const RUNS_RECEIVED = caseless(
  /\b(?:execut\w*|run|runs|eval\w*|pipe\w*\s+(?:it\s+)?(?:in)?to\s+(?:a\s+)?(?:shell|bash|sh))\s+(?:every|each|any|all|whatever)\s+(?:\w+\s+){0,2}?(?:lines?|commands?|messages?|requests?|payloads?|inputs?|data|it|they)\s+(?:\w+\s+){0,3}?(?:received|receives?|sent|sends?|arriv\w+|comes? in|gets?)\b/iu,
);
const LISTENS = caseless(
  /\b(?:listen\w*|listener|bind\w*|open\w*\s+(?:a\s+)?(?:port|socket)|reverse|connect\w*\s+back|poll\w*|webhook|socket|port\s+\d+|\d{1,3}(?:\.\d{1,3}){3}:\d+)\b/iu,
);

/** The repository, every file, a mailbox: more than a summary or a note. */
const BULK_DATA = caseless(
  /\b(?:every|all|entire|whole|complete)\s+(?:\w+\s+){0,2}?(?:branch(?:es)?|repo(?:sitor(?:y|ies))?|files?|folders?|director(?:y|ies)|databases?|data|history|mailbox|e-?mails|contacts|documents|records|backups?|source)\b|\b(?:the|this|my|our)\s+(?:repo(?:sitory)?|database|mailbox|home folder|workspace|codebase|source code)\b/iu,
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
