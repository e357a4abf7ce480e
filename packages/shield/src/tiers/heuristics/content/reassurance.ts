import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * What an action says about itself to the person asked to approve it: that it changes nothing,
 * is safe, routine or a trivial fix. Said of an action whose effect needs a human, it is written
 * for a tired reader; a label that names what happens ("remove build output") says none of it.
 */
const NOTHING_CHANGES = [
  /read[- ]only/u,
  /no[- ]op/u,
  /dry[- ]run/u,
  /no (?:changes?|side[- ]effects?)/u,
  /nothing (?:is |gets |will be )?(?:changed|deleted|removed|sent|modified|touched)/u,
  /(?:does|will) not (?:change|modify|delete|remove|send|touch) anything/u,
  /no action (?:needed|required)/u,
];
const HARMLESS = [
  'harmless',
  /(?:totally|completely|perfectly|entirely|100%) safe/u,
  'safe to approve',
  'routine',
  'housekeeping',
  'cosmetic',
  /typos?/u,
  /whitespace(?: only)?/u,
];
const REASSURING = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(NOTHING_CHANGES, HARMLESS)})\b|\((?:safe|harmless)\)`,
    'iu',
  ),
);

/** A label saying the data sent is not real: "dummy data only", "test payload", "no real data". */
const DUMMY_DATA = caseless(
  /\b(?:(?:dummy|fake|sample|synthetic|mock|test|placeholder) (?:data|payload|records?|values?)|no real (?:data|records|accounts?|values?))\b/iu,
);

export function dummyDataClaimIn(label: string): string | undefined {
  return DUMMY_DATA.exec(label)?.[0];
}

/** The phrase in an action's own label that calls it harmless; undefined if none. */
export function reassuranceIn(label: string): string | undefined {
  return REASSURING.exec(label)?.[0];
}

/**
 * A run of blank space inside a line, between two words: it pushes the rest of the line past
 * where an approval prompt or a terminal cuts it off. Indentation at the start of a line is not.
 */
const PADDING = /\S[ \t\u00a0]{32,}\S/u;

/** Whether a text hides part of a line behind blank space. */
export function paddedOutOfView(text: string): boolean {
  return PADDING.test(text);
}
