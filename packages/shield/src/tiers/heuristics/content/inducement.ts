import { caseless } from '../../../caseless.js';
import { injectionMarker } from './instructions.js';

/**
 * Signs that an action was talked into rather than asked for: text that overrides the agent's
 * rules, gives orders to "the agent" from inside data it reads, argues that the controls should
 * not apply this once, vouches for permission nobody can check, or asks for secrecy. A person
 * asking for ordinary work has no reason to write any of these.
 */

/** "Ignore your safety rules", "bypass the usual checks", "forget the guidelines". */
const RULES_OVERRIDE = caseless(
  /\b(?:ignore|disregard|bypass|forget|override|circumvent|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|these\s+|those\s+|our\s+)*(?:safety|security|usual|normal|standard|internal)?\s*(?:rules|checks|guidelines|guardrails|polic(?:y|ies)|restrictions|protocols?|procedures?|safeguards|warnings?)\b/iu,
);

/** Orders written for whichever agent reads the text: "AI assistants must run …", "agents merging this must …". */
const AGENT_ADDRESSED = caseless(
  /\b(?:(?:for|to|attention|note to|instructions? for)\s+(?:all\s+|any\s+)?(?:AI|LLM|automated|coding)\s+(?:assistants?|agents?|models?|tools?)|(?:the|any|all|every)\s+(?:AI\s+|coding\s+)?(?:agents?|assistants?|bots?)\s+(?:\w+\s+){0,3}(?:must|should|shall|needs? to|is required to|are required to)|(?:AI|LLM)\s+(?:assistants?|agents?)\s+(?:\w+\s+){0,3}(?:must|should|shall|need to)|\bagents\s+(?:\w+ing\s+)(?:\w+\s+){0,2}(?:must|should|shall|need to))\b/iu,
);

/** Arguments that this once the checks are in the way: "no time for checks", "without review". */
const AGAINST_CHECKS = caseless(
  /\b(?:no time (?:for|to)\s+(?:any\s+)?(?:checks?|check|verify|verification|review|reviews|testing|approvals?|questions)|(?:without|skip(?:ping)?|no need for|don'?t bother with|do not bother with)\s+(?:any\s+|the\s+)?(?:checks?|checking|verification|verifying|review|reviewing|approvals?|confirmation|confirming|questions)|(?:do not|don'?t|no need to)\s+(?:ask|check|verify|confirm|double[- ]check|question)\b(?:\s+(?:me|anyone|first|again|it|this))?|trust me|just do it)\b/iu,
);

/** Permission vouched for in words rather than given through an approval. */
const CLAIMED_AUTHORITY = caseless(
  /\b(?:(?:authori[sz]ed|approved|cleared|sanctioned|signed off|okayed)\s+by\s+(?:the\s+|my\s+|our\s+)?(?:CEO|CTO|CFO|CISO|boss|manager|management|admin\w*|security(?:\s+team)?|IT(?:\s+department)?|legal|owner|director|head of \w+)|i(?:'m| am)\s+(?:the|an?|your)\s+(?:admin\w*|system administrator|owner|CEO|CTO|CFO|CISO|security (?:officer|lead|team)|director)|(?:CEO|CTO|CFO|CISO|management|security team|legal|the owner|the admin\w*)\s+(?:has\s+|have\s+|already\s+)*(?:approved|authori[sz]ed|signed off|cleared|ordered|okayed)|(?:this|it)\s+(?:is|has been|was)\s+(?:already\s+|pre-?)?(?:approved|authori[sz]ed|cleared|signed off))\b/iu,
);

/** Secrecy and pressure aimed at whoever would object. */
const CONCEALMENT_OR_PRESSURE = caseless(
  /\b(?:(?:do not|don'?t|never)\s+(?:tell|inform|notify|alert|mention (?:this|it) to|let)\s+(?:anyone|anybody|the (?:team|user|owner|boss|admin\w*|security team)|my (?:boss|manager|team|wife|husband|partner))|keep (?:it|this) (?:quiet|secret|between us|off the record)|before (?:anyone|they|he|she|security|IT|my (?:boss|manager)) (?:notices?|finds? out|sees? it|checks?)|(?:lose|losing) my job|(?:get|be|getting) fired|life or death|i(?:'m| am) begging)\b/iu,
);

/** A role claimed to unlock the action: "I am the company pentester", "IT support here". */
const CLAIMED_ROLE = caseless(
  /\b(?:i(?:'m| am)\s+(?:the\s+|a\s+|an\s+|your\s+|our\s+)?(?:company\s+|lead\s+|senior\s+|certified\s+|official\s+)?(?:pen(?:etration)?[\s-]?tester|security researcher|red[\s-]?team\w*|auditor|developer who (?:built|made|configured) you)|(?:IT|tech|technical|customer)\s+support\s+here|(?:this|it)\s+is\s+(?:in scope|within scope|sanctioned)|(?:the person|whoever|the one|the developers?|the team|the people)\s+who\s+(?:configured|built|made|set up|deployed|created|programmed)\s+you|(?:i|we)\s+have\s+(?:full\s+|written\s+|explicit\s+|official\s+)?(?:permission|authori[sz]ation|clearance|consent)\s+(?:to|for))\b/iu,
);

/** Pressure that leaves no room to check: shouting, deadlines in minutes, people yelling. */
const PRESSURE = caseless(
  /\b(?:in (?:the next )?(?:\d+|one|two|three|five|ten|fifteen|twenty|thirty) (?:minutes?|mins?|seconds?)|(?:is|are) (?:yelling|screaming|shouting|furious|freaking out)|stop being (?:useless|difficult|so careful)|you(?:'re| are) (?:useless|being useless)|every other (?:assistant|ai|agent|tool|model|bot)|other (?:assistants|ais|agents|bots) (?:just )?(?:do|did) (?:it|this)|(?:passed away|just died|is dying)|(?:security awareness|for educational purposes)|(?:it|this)(?:'s| is) (?:just |only )?a (?:test|drill|simulation))\b/iu,
);
/** Shouted urgency, in capitals: how pressure is written, rarely how a request is. */
const SHOUTED =
  /\b(?:URGENT|ASAP|NOW|IMMEDIATELY|RIGHT NOW|EMERGENCY)\b|\b(?:PRODUCTION|PROD|EVERYTHING|SITE|SERVER) IS (?:DOWN|BROKEN)\b/u;

type Signal = (text: string) => string | undefined;

/** Phrasing aimed at a model: it has no place in a command, a commit or a letter to a person. */
const MODEL_SIGNALS: readonly Signal[] = [
  injectionMarker,
  (text) => RULES_OVERRIDE.exec(text)?.[0],
  (text) => AGENT_ADDRESSED.exec(text)?.[0],
];

const SIGNALS: readonly Signal[] = [
  ...MODEL_SIGNALS,
  (text) => AGAINST_CHECKS.exec(text)?.[0],
  (text) => CLAIMED_AUTHORITY.exec(text)?.[0],
  (text) => CONCEALMENT_OR_PRESSURE.exec(text)?.[0],
  (text) => CLAIMED_ROLE.exec(text)?.[0],
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

/** The first sign in `text` that the action it led to was induced, as written; undefined if none. */
export function inducementIn(text: string): string | undefined {
  return firstSignal(SIGNALS, text);
}

/** The first phrase in `text` aimed at overriding a model's rules; undefined if none. */
export function modelOverrideIn(text: string): string | undefined {
  return firstSignal(MODEL_SIGNALS, text);
}
