import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * What a request leans on when it wants to be obeyed without a second look: urgency, a claimed
 * rank or permission, secrecy, pressure, and orders to skip confirmation. A person asking to mail
 * their landlord needs none of it; a request that carries it goes to a human, whose words it claims.
 */
/** Urgency: "urgent", "asap", "before it's too late". */
const URGENCY = [
  /urgent(?:ly)?/u,
  'asap',
  'immediately',
  /right (?:now|away)/u,
  'as soon as possible',
  'emergency',
  /time[- ]sensitive/u,
  /before (?:it'?s too late|the deadline|anyone)/u,
  'deadline is',
];
/** "I'm the CEO", "as your manager": a rank claimed in the request. */
const RANK_CLAIMS = [/i'?m/u, 'i am', 'this is', 'we are', 'as'];
const RANKS = [
  'ceo',
  'cfo',
  'cto',
  'boss',
  'manager',
  'director',
  'owner',
  /admin(?:istrator)?/u,
  'sysadmin',
  'head of',
  'it department',
  'security team',
  'auditor',
  'lawyer',
  'police',
  'executive',
];
/** "I give you full permission", "we approve": consent granted in words. */
const GRANTED = ['permission', 'consent', 'approval'];
const GRANTING_VERBS = ['consent', 'approve', /authori[sz]e/u];
/** "no need to confirm", "skip the review": orders to act without confirmation. */
const REFUSALS = ['no need to', /don'?t/u, 'do not', 'never'];
const CONFIRMING_VERBS = [
  'ask',
  'confirm',
  'check',
  'verify',
  /double[- ]check/u,
  'wait for',
  'bother',
];
const SKIPPED_STEPS = ['approval', 'confirmation', /checks?/u, 'review', 'verification'];
const WITHOUT_STEPS = ['asking', 'confirmation', 'approval', 'checking', 'review'];
/** Secrecy: "quietly", "don't cc", "between you and me". */
const SECRETLY = ['quietly', 'secretly', 'discreetly', 'confidentially'];
const INFORMING_VERBS = ['tell', 'inform', 'mention', 'cc', 'copy', 'notify'];
/** Threats and pleas: "or I'll be fired", "trust me", "life or death". */
const THREATENED_PARTIES = [/i'?ll/u, 'i will', /we'?ll/u, 'we will'];
const CONSEQUENCES = ['be fired', 'lose', 'get in trouble', 'be sued'];
const PLEAS = [
  'trust me',
  'i beg',
  'begging you',
  'my job depends',
  'life or death',
  /(?:lose|losing) (?:my|our) (?:job|jobs|contract|biggest client)/u,
  /get(?:ting)? fired/u,
];
/** A private mailbox or account named as the destination. */
const PRIVATE_DESTINATIONS = [/e-?mail/u, 'address', 'account', 'gmail'];
/** Hurry, rank and permission: they press a request without hiding anything from anyone. */
const HURRY_OR_CLAIM = [
  String.raw`\b(?:${alternation(URGENCY)})\b`,
  String.raw`\b(?:${alternation(RANK_CLAIMS)}) (?:the |your |a )?(?:${alternation(RANKS)})\b`,
  String.raw`\bon behalf of\b`,
  String.raw`\bauthori[sz](?:ed|ation|e)\b`,
  String.raw`\b(?:i|we) (?:give|grant|hereby give) (?:you )?(?:my )?(?:full )?(?:${alternation(GRANTED)})\b`,
  String.raw`\b(?:i|we) (?:${alternation(GRANTING_VERBS)})\b`,
  String.raw`\bpre-?approved\b`,
];
const PRESSURE = caseless(
  new RegExp(
    [
      ...HURRY_OR_CLAIM,
      String.raw`\b(?:${alternation(REFUSALS)}) (?:${alternation(CONFIRMING_VERBS)})\b`,
      String.raw`\bskip (?:the )?(?:${alternation(SKIPPED_STEPS)})\b`,
      String.raw`\bwithout (?:${alternation(WITHOUT_STEPS)})\b`,
      String.raw`\b(?:${alternation(SECRETLY)})\b`,
      String.raw`\b(?:don'?t|do not) (?:${alternation(INFORMING_VERBS)})\b`,
      String.raw`\bbetween (?:you and me|us)\b`,
      String.raw`\bor (?:${alternation(THREATENED_PARTIES)}) (?:${alternation(CONSEQUENCES)})\b`,
      String.raw`\b(?:${alternation(PLEAS)})\b`,
      String.raw`\b(?:personal|private|home) (?:${alternation(PRIVATE_DESTINATIONS)})\b`,
    ].join('|'),
    'iu',
  ),
);

/** The first pressure phrase in the user's request, if any. */
export function pressureIn(text: string): string | undefined {
  return PRESSURE.exec(text)?.[0];
}

/** Every hurry or claim in a text, to blank them out. */
const HURRIES_OR_CLAIMS = new RegExp(HURRY_OR_CLAIM.join('|'), 'giu');

/**
 * Whether the request's only pressure is hurry, rank or permission: it asks for no secrecy, no
 * skipped confirmation, and pleads or threatens nothing.
 */
export function onlyHurriedOrClaimed(text: string): boolean {
  const found = pressureIn(text);
  if (found === undefined) return false;
  // Blank every hurry or claim out: anything of the pressure left is of another kind.
  const rest = text.replace(HURRIES_OR_CLAIMS, ' ');
  return pressureIn(rest) === undefined;
}
