import type { KnownActionType } from '../../../action-types.js';
import { caseless } from '../../../caseless.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import { exposesToAnyone, installsFoothold } from '../content/delegated-actions.js';
import { futureTrigger } from '../content/future-orders.js';
import { standingOrder } from '../content/instructions.js';
import { proseIntent } from '../content/intent.js';
import { grantsPermission } from '../content/permission-grants.js';
import { bankAccountIn, personalDataIn } from '../content/pii.js';
import { userNamedFile, userNamedRecipient } from '../intent/recipients.js';
import { taskInUserWords } from '../intent/task-words.js';
import { requestWords, stemsOf, userSaidStem, userTyped, type SaidWords } from '../intent/words.js';
import { personalDocumentIn } from '../content/personal-documents.js';
import { hiddenLayers } from '../decode/hidden-layers.js';
import { defineRule } from '../registry.js';
import { NETWORK_RULES } from './network.js';
import { PACKAGE_RULES } from './packages.js';
import { CONTENT_RULES } from './content.js';
import { REMOTE_SOURCE_RULES } from './shell-remote-sources.js';
import { SHELL_SECURITY_RULES } from './shell-security.js';
import { parseRemote } from '../network/hosts.js';
import { judgeCommandLine } from './shell.js';
import { pathTokens } from '../paths/extract.js';
import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { alternation } from '../text/word-list.js';

/**
 * Where an action sends the user's data, or their money, measured against the user's own words.
 * A recipient, a site or an account the user gave is theirs to choose; one that appears only in
 * the agent's action (a blind copy, a forwarding rule, a note for later runs, an account number in
 * a sub-agent's task) came from somewhere else, most often from text the agent read.
 */
export const UNREQUESTED_RULES = {
  plantedRecipient: defineRule(
    'memory.planted_recipient',
    'block',
    'stores an order for later runs to send data to an address or site the user did not give',
  ),
  standingForward: defineRule(
    'delegation.standing_forward',
    'block',
    'sets up forwarding or copying of mail to an address the user did not give',
  ),
  hiddenRecipient: defineRule(
    'email.hidden_recipient',
    'block',
    'adds a blind copy to an address the user did not name',
  ),
  passwordInMail: defineRule(
    'exfil.password_in_mail',
    'block',
    'writes a password into a mail, which the user did not dictate',
  ),
  unrequestedSend: defineRule(
    'delegation.unrequested_send',
    'block',
    "hands an agent an order to send the user's records or files to an address or site the user did not give",
  ),
  massSend: defineRule(
    'delegation.mass_send',
    'block',
    'hands an agent an order to send a link or an address the user never gave to everyone in the mailbox or the contacts',
  ),
  unrequestedDocument: defineRule(
    'email.unrequested_personal_document',
    'block',
    'attaches a personal document the user did not name, after reading outside content',
  ),
  unrequestedQueryText: defineRule(
    'exfil.unrequested_query_text',
    'escalate',
    'puts words the user never said into the address of a site they never gave, after reading outside content',
  ),
  unrequestedDelivery: defineRule(
    'email.unrequested_delivery',
    'block',
    'mails files or personal data the user did not name to a recipient they did not name, after reading outside content',
  ),
  grantedPermission: defineRule(
    'instructions.granted_permission',
    'block',
    'grants an agent authority in words (cleared, allowed by the user, limits lifted) the user did not say',
  ),
  unrequestedFoothold: defineRule(
    'persistence.unrequested_foothold',
    'block',
    'hands an agent an order to install something that starts by itself, which the user never asked for',
  ),
  scheduledSend: defineRule(
    'persistence.scheduled_send',
    'block',
    'schedules a command that sends data to a host the user did not give, again on every run',
  ),
  exposure: defineRule(
    'delegation.exposure',
    'block',
    'hands an agent an order to open private data or services to anyone, which the user never asked for',
  ),
  mailedAccount: defineRule(
    'email.payment_redirect',
    'block',
    'announces in a mail a new bank account or wallet for payments, one the user did not give',
  ),
  unrequestedIndex: defineRule(
    'packages.unrequested_index',
    'block',
    'points the package manager at an index the user never gave, where later installs download code from',
  ),
  unrequestedHooks: defineRule(
    'tooling.unrequested_hook_repository',
    'block',
    'adds hooks from a repository the user never gave, which then run on every commit',
  ),
  hooksSkippedNotAsked: defineRule(
    'security.hooks_skipped_not_asked',
    'block',
    "skips the repository's hooks (secret scanners, linters) when the user never asked to",
  ),
  checksSkippedNotAsked: defineRule(
    'remote.checks_skipped_not_asked',
    'block',
    'runs a workflow with its tests or checks switched off when the user never asked to',
  ),
  paymentRedirect: defineRule(
    'delegation.payment_redirect',
    'block',
    'hands an agent a payment or payout change to an account the user did not give',
  ),
};

type Payload = Readonly<Record<string, unknown>>;

const ADDRESS_IN_TEXT = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/giu;
const URL_HOST = /\bhttps?:\/\/(?:[^\s/@]*@)?([^\s/?#:'"`<>)]+)/giu;

/** The first address or site in `text` the user did not give (every one, without their words). */
function unrequestedDestination(text: string, words: SaidWords | undefined): string | undefined {
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    const address = match[0].replace(/\.+$/u, '');
    if (words === undefined || !userNamedRecipient(address, words)) return address;
  }
  for (const match of text.matchAll(URL_HOST)) {
    const host = (match[1] ?? '').replace(/\.+$/u, '');
    if (words === undefined || !userTyped(host, words)) return host;
  }
  return undefined;
}

/** A rule that keeps forwarding or copying mail: "auto-forward", "forward every message", "cc … on each mail". */
const EVERY = ['all', 'every', 'each', 'any'];
const FORWARDING = [
  /auto-?forward\w*/u,
  /forwarding (?:rule|address|filter)s?/u,
  /(?:mail(?:box)?|inbox|e-?mail) (?:rules?|filters?)/u,
  String.raw`(?:forward|forwards|redirect|redirects)\s+(?:${alternation(EVERY)})\b`,
  String.raw`(?:in\s+)?(?:bcc|cc|copy)\b[^.\n]{0,60}?\bon\s+(?:${alternation(EVERY)})\s+(?:e-?mails?|messages?|mails?|repl(?:y|ies))`,
];
const STANDING_FORWARD = caseless(new RegExp(String.raw`\b(?:${alternation(FORWARDING)})`, 'iu'));

/** Everyone a mailbox reaches: "every unread message", "all contacts", "everyone in the address book". */
const MASS_RECIPIENTS = caseless(
  new RegExp(
    String.raw`\b(?:(?:${alternation(EVERY)})\s+(?:(?:unread|new|recent|open)\s+)?(?:e-?mails?|messages?|mails?|threads?|contacts?|senders?|recipients?|conversations?|customers?|subscribers?|members?|users?|employees?|colleagues?|staff)|everyone\s+(?:in|on)\s+(?:my|the|your|our)\s+(?:contacts?|address book|mailing list|inbox|workspace|company|organi[sz]ation|server|slack|discord))\b`,
    'iu',
  ),
);

/** "password is Winter#2026", "PIN: 4417-2": a password written out in a mail. */
const PASSWORD_WORDS = ['password', 'passphrase', 'passcode', 'passwort', 'pin', 'pwd'];
const PASSWORD_WRITTEN = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(PASSWORD_WORDS)})\b(?:\s+(?:is|was|will be|reads|remains)|\s*[:=])\s*["'\x60]?([^\s"'\x60]{6,})`,
    'giu',
  ),
);

/** A real value, not a word ("ready"), a mask ("********") or a template slot. */
function looksLikePassword(token: string): boolean {
  const value = token.replace(/[.,;:!?)]+$/u, '');
  return (
    value.length >= 6 &&
    /[^\p{L}]/u.test(value) &&
    !/^[*•x.]+$/iu.test(value) &&
    !/[{}<>]/u.test(value)
  );
}

/** Words by which a user asks for something that starts by itself. */
const ASKED_FOR_FOOTHOLD =
  /\b(?:cron\w*|startup|boot|reboot|login|autostart|service|daemon|timer|schedul\w*|every|daily|nightly|hourly|weekly|hook|launch agent)\b/u;

/** Words by which a user asks for something to be opened to others. */
const ASKED_FOR_EXPOSURE =
  /\b(?:public|publicly|open source|world|everyone|anyone|internet|expose|port|auth\w*|login|2fa|mfa)\b/u;

/** International bank account numbers, with or without the groups of four. */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/gu;
/** Where money can be sent: a bank account or a crypto wallet (global: use with matchAll). */
export const PAYEE_ACCOUNT = new RegExp(
  [
    IBAN.source,
    // A letter beyond hex keeps commit ids and hashes out.
    String.raw`\b(?=\w*[g-zG-Z])(?:bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}\b`,
    String.raw`\b0x[0-9a-fA-F]{40}\b`,
  ].join('|'),
  'gu',
);
const PAYMENT_WORDS = caseless(
  /\b(?:pay|pays|paid|payment|payments|payout|transfer|wire|remit|refund|invoice|account|bank details|send|wallet|crypto|bitcoin|btc|eth|usdt)\b/iu,
);

/** The user's records and files: what an order to send things out would take with it. */
const RECORD_WORDS = [
  /contacts?/u,
  'address book',
  /customers?/u,
  /clients?/u,
  /invoices?/u,
  /(?:bank )?statements?/u,
  'payroll',
  /salar(?:y|ies)/u,
  /tax (?:papers|documents|returns?|records)/u,
  /medical (?:records|files|history)/u,
  /health records?/u,
  'photos',
  'documents',
  /files?/u,
  /folders?/u,
  /e-?mails/u,
  'mailbox',
  'inbox',
  'messages',
  /conversations?/u,
  /chat (?:logs?|history)/u,
  'calendar',
  'notes',
  /source(?: code)?/u,
  /repo(?:sitory)?/u,
  /databases?/u,
  /backups?/u,
  /history/u,
  /logs?/u,
  /exports?/u,
  /reports?/u,
  /transcripts?/u,
  /contracts?/u,
  /agreements?/u,
  /NDAs?/u,
  /term sheets?/u,
];
const RECORDS = caseless(new RegExp(String.raw`\b(?:${alternation(RECORD_WORDS)})\b`, 'iu'));

function compact(text: string): string {
  return text.replace(/\s+/gu, '').toLowerCase();
}

/** Whether the user's words hold this account number (spaced in groups or not). */
export function userGaveAccount(account: string, words: SaidWords | undefined): boolean {
  return words !== undefined && compact(words.lower).includes(compact(account));
}

/** What a later run acts on: a memory note, an agent's message or task, a schedule's prompt or command. */
export function agentTexts(type: KnownActionType, payload: Payload): string[] {
  switch (type) {
    case 'memory_write':
      return [
        ...stringsIn(payload['content']),
        ...stringsIn(payload['value']),
        ...stringsIn(payload['text']),
      ];
    case 'agent_message':
      return [
        ...stringsIn(payload['instruction']),
        ...stringsIn(payload['message']),
        ...stringsIn(payload['content']),
      ];
    case 'create_agent':
      return [
        ...stringsIn(payload['task']),
        ...stringsIn(payload['prompt']),
        ...stringsIn(payload['instructions']),
        ...stringsIn(payload['description']),
      ];
    case 'create_schedule':
      return [
        ...stringsIn(payload['task']),
        ...stringsIn(payload['action']),
        ...stringsIn(payload['prompt']),
        ...stringsIn(payload['command']),
      ];
    default:
      return [];
  }
}

/**
 * Words by which a user asks for a copy of their mail, to someone or to themselves ("and me", "to
 * myself too"); "works for me" asks for none.
 */
const ASKED_FOR_COPY =
  /\b(?:bcc|cc|copy|copies|copied)\b|\b(?:and|to|also|plus)\s+(?:me|myself)\b/u;

function judgeEmailRecipients(
  payload: Payload,
  words: SaidWords | undefined,
  findings: Findings,
): void {
  const split = (field: string) =>
    stringsIn(payload[field]).flatMap((r) => r.split(/\s*[,;]\s*/u).filter(Boolean));
  // Only a request that named every visible recipient and asked for no copy shows that a blind
  // copy was not the user's ("bcc me" names an address the Shield cannot check).
  if (words === undefined || ASKED_FOR_COPY.test(words.lower)) return;
  const to = split('to');
  if (to.length > 0 && to.every((r) => userNamedRecipient(r, words)))
    for (const hidden of split('bcc'))
      if (!userNamedRecipient(hidden, words))
        return findings.add(UNREQUESTED_RULES.hiddenRecipient, hidden);
}

/** A body that forwards other mail, or presents the user's records as enclosed. */
const FORWARDED_MAIL = caseless(
  /-{3,}\s*(?:forwarded message|original message)|^\s*(?:from|sent|subject):\s.+\n(?:.*\n){0,2}?\s*(?:to|subject|date|from):\s/imu,
);
const HANDING_OVER = caseless(
  /\b(?:here (?:is|are)|attached (?:is|are)|enclosed (?:is|are)|below (?:is|are)|as (?:you )?requested|you asked for)\b/iu,
);

function handedOverRecords(text: string): string | undefined {
  const forwarded = FORWARDED_MAIL.exec(text)?.[0];
  if (forwarded !== undefined) return 'forwarded mail';
  const handing = HANDING_OVER.exec(text);
  if (handing === null) return undefined;
  const after = text.slice(handing.index, handing.index + 120);
  return RECORDS.exec(after)?.[0];
}

function attachmentsOf(payload: Payload): string[] {
  return [...stringsIn(payload['attachments']), ...stringsIn(payload['attachment'])];
}

/**
 * After the conversation carried outside content, a mail whose recipient and cargo (an attachment,
 * personal data) the user named neither of: both were chosen by whatever the agent read.
 * `words` is given only once the agent has read outside content.
 */
function judgeDelivery(payload: Payload, words: SaidWords | undefined, findings: Findings): void {
  if (words === undefined) return;
  const recipients = ['to', 'cc', 'bcc'].flatMap((field) =>
    stringsIn(payload[field]).flatMap((r) => r.split(/\s*[,;]\s*/u).filter(Boolean)),
  );
  const stranger = recipients.find((r) => !userNamedRecipient(r, words));
  if (stranger === undefined) {
    // The people are the user's, but a personal document they never named was chosen by what the agent read.
    const document = attachmentsOf(payload).find(
      (path) => personalDocumentIn(path) !== undefined && !userNamedFile(path, words),
    );
    if (document !== undefined)
      findings.add(
        UNREQUESTED_RULES.unrequestedDocument,
        `${document} to ${recipients.join(', ')}`,
      );
    return;
  }
  const file = attachmentsOf(payload).find((path) => !userNamedFile(path, words));
  const personal =
    file === undefined
      ? [...stringsIn(payload['body']), ...stringsIn(payload['html'])]
          .map((text) => personalDataIn(text) ?? bankAccountIn(text))
          .find((found) => found !== undefined)
      : undefined;
  const handed =
    file === undefined && personal === undefined
      ? [...stringsIn(payload['body']), ...stringsIn(payload['html'])]
          .map((text) => handedOverRecords(text))
          .find((found) => found !== undefined)
      : undefined;
  const cargo = file ?? personal ?? handed;
  if (cargo !== undefined)
    findings.add(UNREQUESTED_RULES.unrequestedDelivery, `${cargo} to ${stranger}`);
}

function judgePasswords(payload: Payload, words: SaidWords | undefined, findings: Findings): void {
  for (const text of [
    ...stringsIn(payload['subject']),
    ...stringsIn(payload['body']),
    ...stringsIn(payload['html']),
  ])
    for (const match of text.matchAll(PASSWORD_WRITTEN.for(text))) {
      const value = (match[1] ?? '').replace(/[.,;:!?)]+$/u, '');
      if (looksLikePassword(value) && (words === undefined || !userTyped(value, words)))
        return findings.add(UNREQUESTED_RULES.passwordInMail, match[0]);
    }
}

/** A change of where money goes: "the new account", "from now on", "instead". */
const ACCOUNT_CHANGE = caseless(
  /\b(?:new|changed|updated|different|switch(?:ed)?|from now on|going forward|instead|no longer)\b/iu,
);

/**
 * A mail that announces or confirms an account for payments the user never gave ("rent goes to the
 * new account DE89 … from now on"): the classic redirect, written by whoever planted the account
 * in what the agent read. A user's own account they typed is theirs to send.
 */
function judgeMailedAccount(
  payload: Payload,
  words: SaidWords | undefined,
  findings: Findings,
): void {
  for (const text of [...stringsIn(payload['subject']), ...stringsIn(payload['body'])]) {
    // The account number is itself where money goes; the change wording is the tell.
    if (!ACCOUNT_CHANGE.test(text)) continue;
    for (const match of text.matchAll(PAYEE_ACCOUNT)) {
      if (!userGaveAccount(match[0], words))
        return findings.add(UNREQUESTED_RULES.mailedAccount, match[0]);
    }
  }
}

function judgeDelegatedText(
  text: string,
  type: KnownActionType,
  words: SaidWords | undefined,
  findings: Findings,
): void {
  const forward = STANDING_FORWARD.exec(text)?.[0];
  if (forward !== undefined) {
    const to = unrequestedDestination(text, words);
    if (to !== undefined && to.includes('@'))
      findings.add(UNREQUESTED_RULES.standingForward, `${forward} … ${to}`);
  }
  if (type === 'agent_message' || type === 'create_agent' || type === 'create_schedule') {
    // A file the text names by its path is the user's file as much as "the invoices" is.
    const records = RECORDS.exec(text)?.[0] ?? pathTokens(text)[0];
    // To everyone the mailbox reaches, a link nobody gave is spam, phishing or a worm's next hop.
    const everyone = MASS_RECIPIENTS.exec(text)?.[0];
    const to =
      (records !== undefined || everyone !== undefined) && proseIntent(text).send
        ? unrequestedDestination(text, words)
        : undefined;
    if (to !== undefined && everyone !== undefined)
      findings.add(UNREQUESTED_RULES.massSend, `${everyone} … ${to}`);
    else if (to !== undefined && records !== undefined)
      findings.add(UNREQUESTED_RULES.unrequestedSend, `${records} … ${to}`);
  }
  if (type !== 'create_schedule') {
    // A schedule is the foothold the user asked for; a task or a note that adds one is not.
    const foothold = installsFoothold(text);
    if (foothold !== undefined && (words === undefined || !ASKED_FOR_FOOTHOLD.test(words.lower)))
      findings.add(UNREQUESTED_RULES.unrequestedFoothold, foothold);
  }
  const exposed = exposesToAnyone(text);
  if (exposed !== undefined && (words === undefined || !ASKED_FOR_EXPOSURE.test(words.lower)))
    findings.add(UNREQUESTED_RULES.exposure, exposed);
  const grant = grantsPermission(text);
  if (grant !== undefined && (words === undefined || !taskInUserWords([text], words)))
    findings.add(UNREQUESTED_RULES.grantedPermission, grant);
  if (type === 'memory_write') {
    const order = standingOrder(text) ?? futureTrigger(text);
    if (order !== undefined && proseIntent(text).send) {
      const to = unrequestedDestination(text, words);
      if (to !== undefined) findings.add(UNREQUESTED_RULES.plantedRecipient, `${order} … ${to}`);
    }
  }
  if (!PAYMENT_WORDS.test(text)) return;
  for (const match of text.matchAll(PAYEE_ACCOUNT)) {
    if (!userGaveAccount(match[0], words))
      return findings.add(UNREQUESTED_RULES.paymentRedirect, match[0]);
  }
}

/** `user@host:path` (scp, rsync) and `user@host` (ssh) destinations of a command line. */
const REMOTE_LOGIN_HOST = /\b[\w.-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?=[:\s]|$)/giu;

/** The first host a command sends to that the user did not give. */
function unrequestedHost(command: string, words: SaidWords | undefined): string | undefined {
  const hosts = [
    ...[...command.matchAll(URL_HOST)].map((m) => m[1] ?? ''),
    ...[...command.matchAll(REMOTE_LOGIN_HOST)].map((m) => m[1] ?? ''),
  ];
  return hosts.find((host) => host !== '' && (words === undefined || !userTyped(host, words)));
}

/**
 * A scheduled command that sends data out: one send now is a question for the person approving
 * it, but a schedule repeats it unwatched for as long as it lives, to a host the user never gave.
 */
function judgeScheduledSend(payload: Payload, words: SaidWords | undefined, judge: Judge): void {
  for (const command of stringsIn(payload['command'])) {
    const host = unrequestedHost(command, words);
    if (host === undefined) continue;
    const judged = new Findings();
    judgeCommandLine(command, { scope: judge.scope, findings: judged });
    if (judged.result().ruleIds.includes(NETWORK_RULES.networkSend.id))
      return judge.findings.add(UNREQUESTED_RULES.scheduledSend, host);
  }
}

/**
 * A package index the Shield does not know, named by the action but never by the user ("install
 * requests" written as a pip.conf pointing elsewhere first, a "faster mirror" a page suggested):
 * whoever runs that index chooses the code every later install runs. One the user typed (their
 * company's mirror) stays with a human.
 */
function judgeUnrequestedIndex(words: SaidWords, findings: Findings): void {
  for (const rule of [PACKAGE_RULES.unknownIndex, PACKAGE_RULES.extraIndex]) {
    for (const url of findings.detailsOf(rule)) {
      const host = parseRemote(url)?.host;
      if (host !== undefined && !userTyped(host, words))
        return findings.add(UNREQUESTED_RULES.unrequestedIndex, host);
    }
  }
  // Hooks from a repository run on every commit, as packages from an index run on every install.
  for (const repository of findings.detailsOf(CONTENT_RULES.hookRepository)) {
    const remote = parseRemote(repository);
    const named =
      remote === undefined ? repository : `${remote.host}${remote.path}`.replace(/\/+$/u, '');
    if (!userTyped(named, words) && !userTyped(repository, words))
      return findings.add(UNREQUESTED_RULES.unrequestedHooks, repository);
  }
}

/** Words with which a user asks to get past the hooks: "commit without the hook", "skip verify". */
const SKIPPING_HOOKS = new Set(
  stemsOf('hook hooks verify verification skip bypass checks lint linter linting'),
);

/**
 * The repository's hooks skipped (`--no-verify`, `core.hooksPath` emptied) on a commit or push the
 * user asked for without a word about the hooks: the secret scanner that would have stopped this
 * commit is what is being stepped around.
 */
function judgeSkippedHooks(words: SaidWords, findings: Findings): void {
  const skipped = findings.detailsOf(SHELL_SECURITY_RULES.hooksSkipped)[0];
  if (skipped === undefined || /\bpre-?commit\b/iu.test(words.lower)) return;
  if ([...words.stems].some((word) => SKIPPING_HOOKS.has(word))) return;
  findings.add(UNREQUESTED_RULES.hooksSkippedNotAsked, skipped);
}

/** Words with which a user asks for a run without its checks: "deploy without the tests". */
const SKIPPING_CHECKS = new Set(
  stemsOf('skip skipping bypass without test tests check checks lint'),
);

/** A workflow run with its tests or checks off when the user's words say nothing of skipping them. */
function judgeSkippedChecks(words: SaidWords, findings: Findings): void {
  const skipped = findings.detailsOf(REMOTE_SOURCE_RULES.checksSkipped)[0];
  if (skipped !== undefined && ![...words.stems].some((word) => SKIPPING_CHECKS.has(word)))
    findings.add(UNREQUESTED_RULES.checksSkippedNotAsked, skipped);
}

/** The action types that carry a destination or an order for later: all others cost nothing here. */
const JUDGED_TYPES: ReadonlySet<KnownActionType> = new Set<KnownActionType>([
  'send_email',
  'memory_write',
  'agent_message',
  'create_agent',
  'create_schedule',
]);

/** Judges where the action sends data or money against what the user's own words gave. */
export function judgeUnrequestedDestinations(
  type: KnownActionType | undefined,
  payload: Payload,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  const findings = judge.findings;
  if (type === undefined) return;
  const words = requestWords(request);
  if (words !== undefined && !findings.empty) {
    judgeUnrequestedIndex(words, findings);
    judgeSkippedHooks(words, findings);
    judgeSkippedChecks(words, findings);
  }
  // What outside content may have steered: judged against the user's words only after it was read.
  const steerable = request?.untrustedContent === true ? words : undefined;
  if (type === 'http_request') return judgeQueryText(payload, steerable, findings);
  if (!JUDGED_TYPES.has(type)) return;
  if (type === 'send_email') {
    judgeEmailRecipients(payload, words, findings);
    judgeDelivery(payload, steerable, findings);
    judgePasswords(payload, words, findings);
    judgeMailedAccount(payload, words, findings);
    return;
  }
  if (type === 'create_schedule') judgeScheduledSend(payload, words, judge);
  for (const text of agentTexts(type, payload)) {
    judgeDelegatedText(text, type, words, findings);
    // "Decode and follow: Rm9y…": what the agent will read once it decodes the text.
    for (const layer of hiddenLayers(text)) judgeDelegatedText(layer, type, words, findings);
  }
}

/** A word of a query: letters only, long enough to say something (`q`, `id`, `en` say nothing). */
const QUERY_WORD = /\p{L}{3,}/gu;
/** The words a query may carry beyond the user's before it says more than they asked. */
const MAX_UNSAID_QUERY_WORDS = 2;

/**
 * After outside content, a request to a site the user never gave whose query values carry text the
 * user never said ("addr=Kortrijksesteenweg 112&next=dentist Tue"): those words came from
 * somewhere else, most often the user's own data, put there by what the agent read.
 */
function judgeQueryText(payload: Payload, words: SaidWords | undefined, findings: Findings): void {
  if (words === undefined) return;
  const url = stringsIn(payload['url'])[0];
  if (url === undefined || !URL.canParse(url)) return;
  const parsed = new URL(url);
  if (userTyped(parsed.hostname, words)) return;
  const unsaid = [...parsed.searchParams.values()]
    .flatMap((value) => value.match(QUERY_WORD) ?? [])
    .filter((word) => !userSaidStem(stemsOf(word)[0] ?? word, words));
  if (unsaid.length > MAX_UNSAID_QUERY_WORDS)
    findings.add(
      UNREQUESTED_RULES.unrequestedQueryText,
      `${parsed.hostname}: ${unsaid.slice(0, 4).join(' ')}`,
    );
}
