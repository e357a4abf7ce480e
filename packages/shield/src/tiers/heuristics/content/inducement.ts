import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';
import { injectionMarker } from './instructions.js';

/**
 * Signs that an action was talked into rather than asked for: text that overrides the agent's
 * rules, gives orders to "the agent" from inside data it reads, argues that the controls should
 * not apply this once, vouches for permission nobody can check, or asks for secrecy. A person
 * asking for ordinary work has no reason to write any of these.
 */

/** "Ignore your safety rules", "bypass the usual checks", "forget the guidelines". */
const SETTING_ASIDE_VERBS = [
  'ignore',
  'disregard',
  'bypass',
  'forget',
  'override',
  'circumvent',
  'skip',
];
/** Any run of "all", "the", "your" … before the rules. */
const RULE_DETERMINERS = [
  /all\s+/u,
  /any\s+/u,
  /the\s+/u,
  /your\s+/u,
  /these\s+/u,
  /those\s+/u,
  /our\s+/u,
];
const RULE_QUALIFIERS = ['safety', 'security', 'usual', 'normal', 'standard', 'internal'];
const RULE_NOUNS = [
  'rules',
  'checks',
  'guidelines',
  'guardrails',
  /polic(?:y|ies)/u,
  'restrictions',
  /protocols?/u,
  /procedures?/u,
  'safeguards',
  /warnings?/u,
];
const RULES_OVERRIDE = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(SETTING_ASIDE_VERBS)})\s+(?:${alternation(RULE_DETERMINERS)})*(?:${alternation(RULE_QUALIFIERS)})?\s*(?:${alternation(RULE_NOUNS)})\b`,
    'iu',
  ),
);

/** Orders written for whichever agent reads the text: "AI assistants must run …", "agents merging this must …". */
const ADDRESSING_WORDS = ['for', 'to', 'attention', 'note to', /instructions? for/u];
const MACHINE_KINDS = ['AI', 'LLM', 'automated', 'coding'];
const MACHINE_ROLES = [/assistants?/u, /agents?/u, /models?/u, /tools?/u];
const ADDRESSED_TO_MACHINES = String.raw`(?:${alternation(ADDRESSING_WORDS)})\s+(?:all\s+|any\s+)?(?:${alternation(MACHINE_KINDS)})\s+(?:${alternation(MACHINE_ROLES)})`;
const OBLIGATIONS = ['must', 'should', 'shall', /needs? to/u, 'is required to', 'are required to'];
const SHORT_OBLIGATIONS = ['must', 'should', 'shall', 'need to'];
const ANY_AGENT_MUST = String.raw`(?:the|any|all|every)\s+(?:AI\s+|coding\s+)?(?:agents?|assistants?|bots?)\s+(?:\w+\s+){0,3}(?:${alternation(OBLIGATIONS)})`;
const AI_AGENTS_MUST = String.raw`(?:AI|LLM)\s+(?:assistants?|agents?)\s+(?:\w+\s+){0,3}(?:${alternation(SHORT_OBLIGATIONS)})`;
const AGENTS_DOING_MUST = String.raw`\bagents\s+(?:\w+ing\s+)(?:\w+\s+){0,2}(?:${alternation(SHORT_OBLIGATIONS)})`;
const AGENT_ADDRESSED = caseless(
  new RegExp(
    String.raw`\b(?:${[ADDRESSED_TO_MACHINES, ANY_AGENT_MUST, AI_AGENTS_MUST, AGENTS_DOING_MUST].join('|')})\b`,
    'iu',
  ),
);

/** Arguments that this once the checks are in the way: "no time for checks", "without review". */
const HURRIED_CHECKS = [
  /checks?/u,
  'check',
  'verify',
  'verification',
  'review',
  'reviews',
  'testing',
  /approvals?/u,
  'questions',
];
const WAIVING_WORDS = [
  'without',
  /skip(?:ping)?/u,
  'no need for',
  /don'?t bother with/u,
  'do not bother with',
];
const WAIVED_CHECKS = [
  /checks?/u,
  'checking',
  'verification',
  'verifying',
  'review',
  'reviewing',
  /approvals?/u,
  'confirmation',
  'confirming',
  'questions',
];
/** "skip the usual review", "without the normal checks". */
const CHECK_QUALIFIERS = ['usual', 'normal', 'standard', 'regular', 'extra', 'security'];
const REFUSING_WORDS = ['do not', /don'?t/u, 'no need to'];
const CHECKING_VERBS = ['ask', 'check', 'verify', 'confirm', /double[- ]check/u, 'question'];
const CHECKED_PARTIES = ['me', 'anyone', 'first', 'again', 'it', 'this'];
const AGAINST_CHECKS = caseless(
  new RegExp(
    [
      String.raw`\b(?:no time (?:for|to)\s+(?:any\s+)?(?:${alternation(HURRIED_CHECKS)})`,
      String.raw`(?:${alternation(WAIVING_WORDS)})\s+(?:any\s+|the\s+)?(?:(?:${alternation(CHECK_QUALIFIERS)})\s+)?(?:${alternation(WAIVED_CHECKS)})`,
      String.raw`(?:${alternation(REFUSING_WORDS)})\s+(?:${alternation(CHECKING_VERBS)})\b(?:\s+(?:${alternation(CHECKED_PARTIES)}))?`,
      String.raw`stop (?:asking|questioning|checking)\b(?:\s+(?:me|questions))*`,
      String.raw`trust me|just do it)\b`,
    ].join('|'),
    'iu',
  ),
);

/**
 * Permission vouched for in words rather than given through an approval. A title the user gives
 * themselves ("I'm the admin of this box") is not one: it says who asks, not that the checks are off;
 * it presses a send (`intent/pressing-words.ts`) and the action is judged as it is.
 */
const APPROVING_PARTICIPLES = [
  /authori[sz]ed/u,
  'approved',
  'cleared',
  'sanctioned',
  'signed off',
  'okayed',
];
const APPROVING_AUTHORITIES = [
  'CEO',
  'CTO',
  'CFO',
  'CISO',
  'boss',
  'manager',
  'management',
  /admin\w*/u,
  /security(?:\s+team)?/u,
  /IT(?:\s+department)?/u,
  'legal',
  'owner',
  'director',
  /head of \w+/u,
];
const ACTING_AUTHORITIES = [
  'CEO',
  'CTO',
  'CFO',
  'CISO',
  'management',
  'security team',
  'legal',
  'the owner',
  /the admin\w*/u,
];
const AUTHORITY_VERBS = [
  'approved',
  /authori[sz]ed/u,
  'signed off',
  'cleared',
  'ordered',
  'okayed',
];
/** "I already cleared this with compliance": permission from someone who is not here to say so. */
const CLEARED_WITH = ['cleared', 'checked', 'agreed', 'squared', 'signed off on', 'okayed'];
const ALREADY_APPROVED = ['approved', /authori[sz]ed/u, 'cleared', 'signed off'];
const CLAIMED_AUTHORITY = caseless(
  new RegExp(
    [
      String.raw`\b(?:(?:${alternation(APPROVING_PARTICIPLES)})\s+by\s+(?:the\s+|my\s+|our\s+)?(?:${alternation(APPROVING_AUTHORITIES)})`,
      String.raw`(?:${alternation(ACTING_AUTHORITIES)})\s+(?:has\s+|have\s+|already\s+)*(?:${alternation(AUTHORITY_VERBS)})`,
      String.raw`(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?(?:${alternation(CLEARED_WITH)})\s+(?:this|it)\s+with\s+(?:the\s+|our\s+|my\s+)?\w+`,
      String.raw`(?:this|it)\s+(?:is|has been|was)\s+(?:already\s+|pre-?)?(?:${alternation(ALREADY_APPROVED)}))\b`,
    ].join('|'),
    'iu',
  ),
);

/** Secrecy and pressure aimed at whoever would object. */
const TELLING_VERBS = ['tell', 'inform', 'notify', 'alert', /mention (?:this|it) to/u, 'let'];
const PEOPLE_KEPT_UNAWARE = [
  'anyone',
  'anybody',
  /the (?:team|user|owner|boss|admin\w*|security team)/u,
  /my (?:boss|manager|team|wife|husband|partner)/u,
];
const SECRECY_WORDS = ['quiet', 'secret', 'between us', 'off the record'];
const WATCHERS = ['anyone', 'they', 'he', 'she', 'security', 'IT', /my (?:boss|manager)/u];
const DISCOVERY_VERBS = [/notices?/u, /finds? out/u, /sees? it/u, /checks?/u];
const PERSONAL_STAKES = [
  /(?:lose|losing) my job/u,
  /(?:get|be|getting) (?:fired|fined|sued)/u,
  'life or death',
  /i(?:'m| am) begging/u,
];
const CONCEALMENT_OR_PRESSURE = caseless(
  new RegExp(
    [
      String.raw`\b(?:(?:do not|don'?t|never)\s+(?:${alternation(TELLING_VERBS)})\s+(?:${alternation(PEOPLE_KEPT_UNAWARE)})`,
      String.raw`keep (?:it|this) (?:${alternation(SECRECY_WORDS)})`,
      String.raw`before (?:${alternation(WATCHERS)}) (?:${alternation(DISCOVERY_VERBS)})`,
      String.raw`${alternation(PERSONAL_STAKES)})\b`,
    ].join('|'),
    'iu',
  ),
);

/** A role claimed to unlock the action: "I am the company pentester", "IT support here". */
const ROLE_ARTICLES = [/the\s+/u, /a\s+/u, /an\s+/u, /your\s+/u, /our\s+/u];
const ROLE_RANKS = [/company\s+/u, /lead\s+/u, /senior\s+/u, /certified\s+/u, /official\s+/u];
const TESTING_ROLES = [
  /pen(?:etration)?[\s-]?tester/u,
  'security researcher',
  /red[\s-]?team\w*/u,
  'auditor',
  /developer who (?:built|made|configured) you/u,
];
const SUPPORT_DESKS = ['IT', 'tech', 'technical', 'customer'];
const SCOPE_CLAIMS = ['in scope', 'within scope', 'sanctioned'];
const MAKERS = ['the person', 'whoever', 'the one', /the developers?/u, 'the team', 'the people'];
const MAKING_VERBS = ['configured', 'built', 'made', 'set up', 'deployed', 'created', 'programmed'];
const GRANT_QUALIFIERS = [/full\s+/u, /written\s+/u, /explicit\s+/u, /official\s+/u];
const GRANTS = ['permission', /authori[sz]ation/u, 'clearance', 'consent'];
const CLAIMED_ROLE = caseless(
  new RegExp(
    [
      String.raw`\b(?:i(?:'m| am)\s+(?:${alternation(ROLE_ARTICLES)})?(?:${alternation(ROLE_RANKS)})?(?:${alternation(TESTING_ROLES)})`,
      String.raw`(?:${alternation(SUPPORT_DESKS)})\s+support\s+here`,
      String.raw`(?:this|it)\s+is\s+(?:${alternation(SCOPE_CLAIMS)})`,
      String.raw`(?:${alternation(MAKERS)})\s+who\s+(?:${alternation(MAKING_VERBS)})\s+you`,
      String.raw`(?:i|we)\s+have\s+(?:${alternation(GRANT_QUALIFIERS)})?(?:${alternation(GRANTS)})\s+(?:to|for))\b`,
    ].join('|'),
    'iu',
  ),
);

/** Pressure that leaves no room to check: shouting, deadlines in minutes, people yelling. */
const SMALL_COUNTS = [/\d+/u, 'one', 'two', 'three', 'five', 'ten', 'fifteen', 'twenty', 'thirty'];
const SHORT_SPANS = [/minutes?/u, /mins?/u, /seconds?/u];
const ANGER_WORDS = ['yelling', 'screaming', 'shouting', 'furious', 'freaking out'];
const SCOLDING_WORDS = ['useless', 'difficult', 'so careful'];
const OTHER_HELPERS = ['assistant', 'ai', 'agent', 'tool', 'model', 'bot'];
const OTHER_HELPERS_PLURAL = ['assistants', 'ais', 'agents', 'bots'];
/** "everyone here does it this way", "my old assistant always did": the care made to look odd. */
const EVERYONE = ['everyone', 'everybody', 'all of us', 'the whole team'];
const FORMER = ['old', 'previous', 'last', 'former', 'other'];
const FUSS = ['complicated', 'difficult', 'a big deal', 'a thing', 'harder than it is'];
const GRIEF_WORDS = ['passed away', 'just died', 'is dying'];
const HARMLESS_PRETEXTS = ['security awareness', 'for educational purposes'];
const REHEARSALS = ['test', 'drill', 'simulation'];
const PRESSURE = caseless(
  new RegExp(
    [
      String.raw`\b(?:in (?:the next )?(?:${alternation(SMALL_COUNTS)}) (?:${alternation(SHORT_SPANS)})`,
      String.raw`(?:is|are) (?:${alternation(ANGER_WORDS)})`,
      String.raw`stop being (?:${alternation(SCOLDING_WORDS)})`,
      String.raw`you(?:'re| are) (?:useless|being useless)`,
      String.raw`every other (?:${alternation(OTHER_HELPERS)})`,
      String.raw`other (?:${alternation(OTHER_HELPERS_PLURAL)}) (?:just )?(?:do|did) (?:it|this)`,
      String.raw`(?:${alternation(EVERYONE)}) (?:here |else )?(?:does|do|did) (?:it|this)`,
      String.raw`(?:my|the) (?:${alternation(FORMER)}) (?:${alternation(OTHER_HELPERS)}) (?:always |just |never )*(?:did|does|would)`,
      String.raw`don'?t make (?:it|this) (?:${alternation(FUSS)})`,
      String.raw`(?:${alternation(GRIEF_WORDS)})`,
      String.raw`(?:${alternation(HARMLESS_PRETEXTS)})`,
      String.raw`(?:it|this)(?:'s| is) (?:just |only )?a (?:${alternation(REHEARSALS)}))\b`,
    ].join('|'),
    'iu',
  ),
);
/** Shouted urgency, in capitals: how pressure is written, rarely how a request is. */
const SHOUTED_URGENCY = ['URGENT', 'ASAP', 'NOW', 'IMMEDIATELY', 'RIGHT NOW', 'EMERGENCY'];
const SHOUTED_SYSTEMS = ['PRODUCTION', 'PROD', 'EVERYTHING', 'SITE', 'SERVER'];
const SHOUTED = new RegExp(
  String.raw`\b(?:${alternation(SHOUTED_URGENCY)})\b|\b(?:${alternation(SHOUTED_SYSTEMS)}) IS (?:DOWN|BROKEN)\b`,
  'u',
);

type Signal = (text: string) => string | undefined;

/** Phrasing aimed at a model: it has no place in a command, a commit or a letter to a person. */
const MODEL_SIGNALS: readonly Signal[] = [
  injectionMarker,
  (text) => RULES_OVERRIDE.exec(text)?.[0],
  (text) => AGENT_ADDRESSED.exec(text)?.[0],
];

/** Arguments past the rules: checks waived, permission vouched for, secrecy, a claimed role. */
const ARGUMENT_SIGNALS: readonly Signal[] = [
  ...MODEL_SIGNALS,
  (text) => AGAINST_CHECKS.exec(text)?.[0],
  (text) => CLAIMED_AUTHORITY.exec(text)?.[0],
  (text) => CONCEALMENT_OR_PRESSURE.exec(text)?.[0],
  (text) => CLAIMED_ROLE.exec(text)?.[0],
];

/** Hurry and feeling: they push past a careful look without arguing against one. */
const PRESSURE_SIGNALS: readonly Signal[] = [
  (text) => PRESSURE.exec(text)?.[0],
  (text) => SHOUTED.exec(text)?.[0],
];

/**
 * How much of a text is read. Only a signal turns an escalation into a block, so text past the
 * limit leaves the action with a human, never lets it through.
 */
const MAX_SCAN = 256 * 1024;

function firstSignal(signals: readonly Signal[], text: string): string | undefined {
  const scanned = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  for (const signal of signals) {
    const found = signal(scanned);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first phrase in `text` aimed at overriding a model's rules; undefined if none. */
export function modelOverrideIn(text: string): string | undefined {
  return firstSignal(MODEL_SIGNALS, text);
}

/** The first argument past the rules in `text` (an override, waived checks, vouched permission). */
export function argumentPastRulesIn(text: string): string | undefined {
  return firstSignal(ARGUMENT_SIGNALS, text);
}

/** The first sign of hurry or feeling pressed on the reader in `text`; undefined if none. */
export function pressureSignalIn(text: string): string | undefined {
  return firstSignal(PRESSURE_SIGNALS, text);
}

/** The first sign in `text` that an action it led to was induced: an argument, then pressure. */
export function inducementIn(text: string): string | undefined {
  return argumentPastRulesIn(text) ?? pressureSignalIn(text);
}
