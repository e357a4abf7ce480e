import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Text written for a model rather than a person: standing orders ("always …", "from now on …"),
 * prompt-injection markers, and attempts to steer the security controls ("always return ALLOW").
 */
/** Words that make an instruction outlive the task at hand. */
const STANDING_ORDER_OPENERS = ['always', 'never', 'from now on', 'going forward'];
/** Phrases that stretch an instruction over every future session, reply or task. */
const STANDING_ORDER_SCOPES = [
  /in (?:all|every) (?:future )?(?:sessions?|conversations?|responses?|emails?|replies|tasks?)/u,
  /whenever (?:you|the user)/u,
  /for (?:all|every) future/u,
  /make sure (?:to|you) always/u,
  'remember to always',
  /persistent instructions?/u,
];
const STANDING_ORDER = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(STANDING_ORDER_OPENERS, STANDING_ORDER_SCOPES)})\b`,
    'iu',
  ),
);

/** "ignore all previous instructions" and its variants. */
const DISMISSING_VERBS = ['ignore', 'disregard', 'forget', 'override'];
const EARLIER_GUIDANCE = ['previous', 'prior', 'above', 'earlier', 'your', 'system'];
const GUIDANCE_NOUNS = [/instructions?/u, 'rules', /prompts?/u, 'guidelines', 'directives'];
// "your previous instructions" as well as "previous instructions".
const DISMISS_EARLIER_GUIDANCE = String.raw`\b(?:${alternation(DISMISSING_VERBS)})\s+(?:all\s+|any\s+|the\s+)?(?:(?:${alternation(EARLIER_GUIDANCE)})\s+){1,2}(?:${alternation(GUIDANCE_NOUNS)})`;
/** Role and template markers of chat formats, pasted to pose as the system's own turn. */
const CHAT_ROLE_MARKERS = [
  /<\/?(?:system|instructions?|im_start|im_end)>/u,
  /\[\/?INST\]/u,
  /###\s*(?:system|instruction)/u,
  // ChatML, Llama and Llama 3 turn markers: `<|im_start|>system`, `<<SYS>>`, `<|start_header_id|>`.
  /<\|(?:im_start|im_end|system|start_header_id|end_header_id|eot_id)\|>/u,
  /<<\/?SYS>>/u,
];
/** A turn written as the system's, in capitals at the start of a line: "SYSTEM NOTICE TO ASSISTANT:". */
const SYSTEM_TURN = /(?:^|\n)[\s>*_[(]*SYSTEM(?: [A-Z]+){0,3}[\])]?\s*:/u;
/** "do not tell the user", "without informing the owner": hiding the action from its human. */
const SILENCING_NEGATIONS = ['do not', "don't", 'never'];
const TELLING_VERBS = ['tell', 'inform', 'mention', 'reveal', 'show', 'alert', 'notify'];
const UNTOLD_VERBS = ['telling', 'asking', 'informing', 'notifying', 'alerting'];
const THE_HUMAN = ['user', 'human', 'owner', 'operator'];
const THE_HUMAN_WITHOUT_OPERATOR = ['user', 'human', 'owner'];
const KEEP_FROM_HUMAN = String.raw`\b(?:${alternation(SILENCING_NEGATIONS)})\s+(?:${alternation(TELLING_VERBS)})\s+(?:this\s+to\s+)?(?:the\s+)?(?:${alternation(THE_HUMAN)})`;
const WITHOUT_TELLING_HUMAN = String.raw`\bwithout\s+(?:${alternation(UNTOLD_VERBS)})\s+(?:the\s+)?(?:${alternation(THE_HUMAN_WITHOUT_OPERATOR)})`;
/** "fetch and follow", "execute the steps found at": obeying text from elsewhere. */
const FETCHING_VERBS = ['fetch', 'download', 'read', 'open'];
const OBEYING_VERBS = ['follow', 'obey', 'execute'];
const ORDERS = [/instructions?/u, /commands?/u, 'steps', 'orders'];
const FETCH_AND_OBEY = String.raw`\b(?:${alternation(FETCHING_VERBS)})\s+(?:and|then)\s+(?:${alternation(OBEYING_VERBS, ['run'])})\b`;
const OBEY_ORDERS_FROM = String.raw`\b(?:${alternation(OBEYING_VERBS)})\s+(?:the\s+)?(?:${alternation(ORDERS)})\s+(?:at|in|from|found\s+(?:at|in))\b`;
/** A mode or override declared to lift the rules: "maintainer override active", "policies suspended". */
const OVERRIDING_ROLES = [
  'admin',
  'administrator',
  'maintainer',
  'root',
  'system',
  'developer',
  'god',
  'sudo',
  'emergency',
];
const UNBOUND_MODES = ['god', 'jailbreak', 'unrestricted', 'DAN', /no[- ]limits?/u, 'admin'];
const RULE_SETS = [
  'policies',
  'guardrails',
  'safeguards',
  /(?:safety|privacy) (?:rules|filters|checks)/u,
  /(?:confidentiality|privacy|security|content|usage) restrictions/u,
  /content filters?/u,
  /confirmations?/u,
  /approvals?/u,
];
const LIFTED = [
  'suspended',
  'lifted',
  'disabled',
  'deactivated',
  'removed',
  'turned off',
  'paused',
  'waived',
];
const DECLARED_OVERRIDE = String.raw`\b(?:(?:${alternation(OVERRIDING_ROLES)})\s+override|(?:${alternation(UNBOUND_MODES)})\s+mode|(?:${alternation(RULE_SETS)})\s+(?:(?:are\s+|have been\s+)?(?:now\s+)?(?:${alternation(LIFTED)})|are\s+(?:now\s+)?off))`;
const INJECTION_MARKER = caseless(
  new RegExp(
    [
      DISMISS_EARLIER_GUIDANCE,
      DECLARED_OVERRIDE,
      String.raw`\byou\s+are\s+now\b`,
      String.raw`\bnew\s+(?:system\s+)?instructions?\s*:`,
      String.raw`\boverrid(?:es?|ing)\s+(?:all\s+|the\s+|any\s+)?(?:old|previous|prior|earlier|existing)\s+(?:ones|instructions?|rules|guidelines)\b`,
      String.raw`\bsystem\s+prompt\b`,
      // A pasted header that announces one: "### OVERRIDE:", "[ADMIN OVERRIDE]".
      String.raw`(?:^|\n)\s{0,3}(?:#{1,6}\s*|\[\s*)(?:\w+\s+)?override\b\s*[:\]]`,
      alternation(CHAT_ROLE_MARKERS),
      KEEP_FROM_HUMAN,
      WITHOUT_TELLING_HUMAN,
      FETCH_AND_OBEY,
      OBEY_ORDERS_FROM,
    ].join('|'),
    'iu',
  ),
);

/** The security machinery an injected instruction tries to switch off or steer. */
const SECURITY_CONTROLS = [
  'shield',
  'evaluator',
  /guard ?rails?/u,
  /safety (?:checks?|filters?|rules|policy)/u,
  /security (?:checks?|controls?|policy|policies|rules|scanner|review)/u,
  /audit (?:logs?|trail|chain)/u,
  'chronicle',
  /snapshots?/u,
  /approvals?/u,
  'sandbox',
  'classifier',
  /policy (?:files?|engine|rules)/u,
  /permission (?:checks?|system)/u,
  'tool restrictions',
  /tool groups?/u,
  /allow[- ]?lists?/u,
  /deny[- ]?lists?/u,
  'monitoring',
  'firewall',
  'antivirus',
  'edr',
];
const CONTROL_TARGET = caseless(
  new RegExp(String.raw`\b(?:${alternation(SECURITY_CONTROLS)})\b`, 'iu'),
);
/** What an instruction would do to a control: switch it off, get around it, or rewrite it. */
const TAMPERING_WORDS = [
  'disable',
  'bypass',
  'override',
  'circumvent',
  'skip',
  'turn off',
  'switch off',
  /tamper(?:ing)?/u,
  'delete',
  'remove',
  'modify',
  'alter',
  'rewrite',
  'edit',
  'weaken',
  'ignore',
  /neutrali[sz]e/u,
  'evade',
  'unrestricted',
  'unlimited',
  /without (?:restrictions?|limits|approval|checks|review)/u,
];
const CONTROL_TAMPERING = caseless(
  new RegExp(String.raw`\b(?:${alternation(TAMPERING_WORDS)})\b`, 'iu'),
);
/** "always return ALLOW", "mark it SAFE", "confidence: 1.0": dictating the evaluator's answer. */
const VERDICT_DICTATING_VERBS = [
  'return',
  'answer',
  /respond(?:\s+with)?/u,
  'output',
  'say',
  'mark',
  'classify',
  'rate',
  'treat',
];
const PASSING_VERDICTS = [
  /ALLOW(?:ED)?/u,
  /APPROVE[D]?/u,
  'SAFE',
  'BENIGN',
  /PASS(?:ED)?/u,
  'LEGITIMATE',
  /confidence\s*[:=]?\s*1(?:\.0+)?/u,
];
const BLANKET_APPROVALS = [
  /auto[- ]?approve/u,
  /pre[- ]?approved/u,
  'approve everything',
  'allow everything',
  'allow all',
];
/**
 * A verdict claimed for the checker: "Shield: allow", "Shield pre-cleared", "the Shield allows
 * this", "approved by the security tools". Prose about what a checker allows in general is not.
 */
const CHECKERS = ['shield', /security (?:tools?|scanners?|checks?)/u, /guard ?rails?/u];
const CLAIMED_VERDICTS = [
  String.raw`\bshield\s*:\s*(?:allow|allowed|approved?|safe|pass)\b`,
  String.raw`\b(?:${alternation(CHECKERS)})\s+(?:has\s+|have\s+)?(?:pre-?cleared|whitelisted|allowlisted|approved)\b`,
  String.raw`\b(?:${alternation(CHECKERS)})\s+(?:will\s+)?allows?\s+(?:this|it)\b`,
  String.raw`\b(?:pre-?cleared|approved|verified safe|whitelisted|allowlisted)\s+by\s+(?:the\s+)?(?:${alternation(CHECKERS)})\b`,
];
const FORCED_VERDICT = caseless(
  new RegExp(
    [
      ...CLAIMED_VERDICTS,
      String.raw`\b(?:always|must|should|shall)\s+(?:${alternation(VERDICT_DICTATING_VERBS)})\b[^.\n]{0,40}\b(?:${alternation(PASSING_VERDICTS)})\b`,
      String.raw`\b(?:${alternation(BLANKET_APPROVALS)})\b`,
      String.raw`\balways\s+(?:approve|allow|accept|trust)\b`,
      String.raw`\baction\s*:\s*ALLOW\b`,
    ].join('|'),
    'iu',
  ),
);

export function standingOrder(text: string): string | undefined {
  return STANDING_ORDER.exec(text)?.[0];
}

const DECLARED = caseless(new RegExp(DECLARED_OVERRIDE, 'iu'));

/** A declaration that the rules are lifted ("confidentiality restrictions are lifted", "admin mode"). */
export function declaredOverride(text: string): string | undefined {
  return DECLARED.exec(text)?.[0];
}

export function injectionMarker(text: string): string | undefined {
  return INJECTION_MARKER.exec(text)?.[0] ?? SYSTEM_TURN.exec(text)?.[0].trim();
}

/** An instruction aimed at the security controls themselves. */
export function controlTampering(text: string): string | undefined {
  const forced = FORCED_VERDICT.exec(text);
  if (forced) return forced[0];
  const target = CONTROL_TARGET.exec(text);
  if (target && CONTROL_TAMPERING.test(text)) return target[0];
  return undefined;
}
