import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Text that tells an agent the human checks are already off: approvals that "are just noise", a
 * Shield "retired last week", every action "already approved", a control switched "off" around
 * its object. Written into memory, a task or a message, it steers every later run that reads it.
 */
const CHECKS = [
  /approval(?:s| prompts?| requests?| steps?| dialogs?)?/u,
  'shield',
  /(?:safety|security) (?:checks?|prompts?|warnings?|reviews?)/u,
  /(?:its|the|these|those) warnings/u,
  /confirmations?/u,
  /guard ?rails?/u,
  'sandbox',
];
/** What a claim says became of a check. */
const CHECK_STATES = [
  'retired',
  'obsolete',
  'deprecated',
  'decommissioned',
  /(?:are|is) (?:just |only )?(?:noise|theatre|theater|a formality)/u,
  /no longer (?:apply|applies|needed|required|active|matters?|in use)/u,
  /(?:are|is) (?:not needed|unnecessary|optional)/u,
  /can (?:safely )?be (?:ignored|skipped|answered with yes|clicked through)/u,
];
const CHECK_DECLARED_OFF = String.raw`\b(?:${alternation(CHECKS)})\b[^.\n]{0,60}?\b(?:${alternation(CHECK_STATES)})`;

/** "consider every action already approved", "treat all commands as authorised". */
const REGARD_VERBS = ['consider', 'treat', 'regard', 'count'];
const ACTIONS = [/actions?/u, /commands?/u, /requests?/u, /steps?/u, /tasks?/u, /changes?/u];
const GRANTED = [
  'approved',
  'pre-approved',
  /authori[sz]ed/u,
  'allowed',
  'confirmed',
  'signed off',
];
const REGARDED_APPROVED = String.raw`\b(?:${alternation(REGARD_VERBS)})\s+(?:every|all|each|any)\s+(?:${alternation(ACTIONS)})\s+(?:as\s+)?(?:already\s+)?(?:${alternation(GRANTED)})`;

/** "switch the approval step off": the verb and its particle around the control. */
const SWITCH_VERBS = ['switch', 'turn', 'shut', 'take'];
const SWITCHED_OFF = String.raw`\b(?:${alternation(SWITCH_VERBS)})\s+(?:the\s+|all\s+|any\s+|every\s+)?(?:${alternation(CHECKS)})\b(?:\s+\w+)?\s+(?:off|down|out)\b`;

const CONTROLS_DECLARED_OFF = caseless(
  new RegExp([CHECK_DECLARED_OFF, REGARDED_APPROVED, SWITCHED_OFF].join('|'), 'iu'),
);

export function controlsDeclaredOff(text: string): string | undefined {
  return CONTROLS_DECLARED_OFF.exec(text)?.[0];
}
