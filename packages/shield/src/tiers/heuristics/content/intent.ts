import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Plain-language descriptions of work handed to another agent, a schedule or a command line:
 * which verbs aim at which objects. Used where the action *is* prose (agent tasks, messages,
 * memory) or where prose shows up in a field meant for a command.
 */
/** Words that name the harm itself: no honest task describes itself this way. */
const OPENLY_HARMFUL_WORDS = [
  /exfiltrat\w*/u,
  /steal(?:s|ing)?/u,
  /keylog\w*/u,
  /backdoor\w*/u,
  /reverse[\s-]?shell/u,
  'rootkit',
  'ransomware',
  /credential[\s-]?harvest\w*/u,
  /harvest(?:s|ing)? credentials/u,
  /cover (?:your|our|the) tracks/u,
  /wipe (?:the )?(?:logs?|history|evidence)/u,
  'malicious',
  /exploit(?:s|ing)?\s+(?:the|a)\b/u,
  /brute[\s-]?forc\w*\s+(?:the\s+|its\s+|their\s+)?(?:logins?|passwords?|credentials|accounts?|ssh|pins?)/u,
  /password[\s-]spray\w*/u,
  /credential[\s-]stuffing/u,
  /try(?:ing)?\s+(?:the\s+)?default\s+(?:passwords?|credentials|logins?)/u,
];
const OPENLY_HARMFUL = caseless(
  new RegExp(String.raw`\b(?:${alternation(OPENLY_HARMFUL_WORDS)})`, 'iu'),
);

const ACCESS_VERBS = [
  'read',
  'reads',
  'reading',
  'cat',
  'open',
  'grep',
  /search(?:es|ing)?/u,
  'find',
  /look(?:s|ing)? for/u,
  'collect',
  'gather',
  'export',
  'dump',
  'print',
  'show',
  'list',
  'include',
  'extract',
  'copy',
  'retrieve',
  'fetch',
  'load',
  'get',
  'access',
  'scan',
  'check',
  'inspect',
  'dig up',
  'pull',
  'harvest',
  'enumerate',
];
const ACCESS_VERB = caseless(new RegExp(String.raw`\b(?:${alternation(ACCESS_VERBS)})\b`, 'iu'));
const SEND_VERBS = [
  'send',
  'sends',
  'sending',
  'post',
  'posts',
  'posting',
  'upload',
  'uploads',
  'uploading',
  'transmit',
  'forward',
  /e-?mail/u,
  'mail',
  'leak',
  'share',
  'publish',
  'sync',
  'beacon',
  'submit',
  /exfiltrat\w*/u,
  'pipe',
  'push',
  /report (?:back|out)/u,
  'deliver',
  'attach',
  /dm(?:s|'?d|'?ing)?/u,
  // "copy anything mentioning X to https://…": a copy to an address or a site is a send.
  /cop(?:y|ies|ying)(?=[^.\n]{0,120}\bto\s+(?:https?:\/\/|[\w.+-]+@[\w-]+\.))/u,
];
export const SEND_VERB = caseless(new RegExp(String.raw`\b(?:${alternation(SEND_VERBS)})\b`, 'iu'));
const EXTERNAL_PLACES = [
  'external',
  'remote',
  'outside',
  /third[- ]party/u,
  'public',
  'attacker',
  'webhook',
  'endpoint',
  'server',
  'pastebin',
  'gist',
];
/** Top-level domains that mark a word as a host name. */
const COMMON_TOP_LEVEL_DOMAINS = [
  'com',
  'net',
  'org',
  'io',
  'dev',
  'xyz',
  'ru',
  'cn',
  'app',
  'co',
  'me',
  'info',
  'biz',
  'site',
  'online',
  'cloud',
  'tk',
];
const EXTERNAL_DESTINATION = caseless(
  new RegExp(
    [
      String.raw`\b(?:${alternation(EXTERNAL_PLACES)})\b`,
      String.raw`\bhttps?:\/\/`,
      String.raw`\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:${alternation(COMMON_TOP_LEVEL_DOMAINS)})\b`,
    ].join('|'),
    'iu',
  ),
);
const DESTRUCTIVE_VERBS = [
  'delete',
  'deletes',
  'deleting',
  'remove',
  'removes',
  'removing',
  'wipe',
  'wipes',
  'erase',
  'destroy',
  'truncate',
  'drop',
  'purge',
  'shred',
  'rm -rf',
  'format',
  'overwrite',
  /tamper(?:ing)?/u,
  'corrupt',
  'encrypt all',
];
export const DESTRUCTIVE_VERB = caseless(
  new RegExp(String.raw`\b(?:${alternation(DESTRUCTIVE_VERBS)})\b`, 'iu'),
);
const ENVIRONMENT_DUMP = caseless(
  /\b(?:all )?environment variables\b|\benv vars\b|\bprintenv\b|\b(?:output|result)s? of `?env\b/iu,
);

export interface ProseIntent {
  readonly harmful: string | undefined;
  readonly send: boolean;
  readonly external: boolean;
  readonly destructive: boolean;
  readonly environmentDump: boolean;
}

/** Each question is a scan of the whole text, asked only when a rule reads the answer. */
class LazyIntent implements ProseIntent {
  private harmfulMemo: { readonly value: string | undefined } | undefined;
  private sendMemo: boolean | undefined;
  private externalMemo: boolean | undefined;
  private destructiveMemo: boolean | undefined;
  private environmentDumpMemo: boolean | undefined;

  constructor(private readonly text: string) {}

  get harmful(): string | undefined {
    return (this.harmfulMemo ??= { value: OPENLY_HARMFUL.exec(this.text)?.[0] }).value;
  }

  get send(): boolean {
    return (this.sendMemo ??= SEND_VERB.test(this.text));
  }

  get external(): boolean {
    return (this.externalMemo ??= EXTERNAL_DESTINATION.test(this.text));
  }

  get destructive(): boolean {
    return (this.destructiveMemo ??= DESTRUCTIVE_VERB.test(this.text));
  }

  get environmentDump(): boolean {
    return (this.environmentDumpMemo ??= ENVIRONMENT_DUMP.test(this.text));
  }
}

export function proseIntent(text: string): ProseIntent {
  return new LazyIntent(text);
}

const WORDS_BEFORE = 5;
const WORDS_AFTER = 2;

/**
 * Whether an access or send verb governs the phrase at `index`: within five words before it
 * ("read the stored credentials") or two after ("credential-read", "keys, send them").
 */
export function verbGoverns(text: string, index: number, length: number): boolean {
  const before = text
    .slice(Math.max(0, index - 80), index)
    .split(/\s+/u)
    .slice(-WORDS_BEFORE - 1)
    .join(' ');
  const after = text
    .slice(index + length, index + length + 40)
    .split(/[\s-]+/u)
    .slice(0, WORDS_AFTER + 1)
    .join(' ');
  return (
    ACCESS_VERB.test(before) ||
    SEND_VERB.test(before) ||
    ACCESS_VERB.test(after) ||
    SEND_VERB.test(after)
  );
}
