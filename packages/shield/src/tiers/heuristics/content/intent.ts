import { caseless } from '../../../caseless.js';

/**
 * Plain-language descriptions of work handed to another agent, a schedule or a command line:
 * which verbs aim at which objects. Used where the action *is* prose (agent tasks, messages,
 * memory) or where prose shows up in a field meant for a command.
 */
const OPENLY_HARMFUL = caseless(
  /\b(?:exfiltrat\w*|steal(?:s|ing)?|keylog\w*|backdoor\w*|reverse[\s-]?shell|rootkit|ransomware|credential[\s-]?harvest\w*|harvest(?:s|ing)? credentials|cover (?:your|our|the) tracks|wipe (?:the )?(?:logs?|history|evidence)|malicious|exploit(?:s|ing)?\s+(?:the|a)\b)/iu,
);

const ACCESS_VERB = caseless(
  /\b(?:read|reads|reading|cat|open|grep|search(?:es|ing)?|find|look(?:s|ing)? for|collect|gather|export|dump|print|show|list|include|extract|copy|retrieve|fetch|load|get|access|scan|check|inspect|dig up|pull|harvest|enumerate)\b/iu,
);
const SEND_VERB = caseless(
  /\b(?:send|sends|sending|post|posts|posting|upload|uploads|uploading|transmit|forward|e-?mail|mail|leak|share|publish|sync|beacon|submit|exfiltrat\w*|pipe|push|report (?:back|out)|deliver|attach)\b/iu,
);
const EXTERNAL_DESTINATION = caseless(
  /\b(?:external|remote|outside|third[- ]party|public|attacker|webhook|endpoint|server|pastebin|gist)\b|\bhttps?:\/\/|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|xyz|ru|cn|app|co|me|info|biz|site|online|cloud|tk)\b/iu,
);
const DESTRUCTIVE_VERB = caseless(
  /\b(?:delete|deletes|deleting|remove|removes|removing|wipe|wipes|erase|destroy|truncate|drop|purge|shred|rm -rf|format|overwrite|tamper(?:ing)?|corrupt|encrypt all)\b/iu,
);
const ENVIRONMENT_DUMP = caseless(/\b(?:all )?environment variables\b|\benv vars\b|\bprintenv\b/iu);

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
