import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';
import { pressureIn } from './pressure.js';

/**
 * How a request talks a helper into a send: hurry, feeling, a role that seems to entitle, and
 * consent given for someone else. Read only for a send to a destination the user did not name
 * (where a careful person would stop to ask who that is), so ordinary requests that happen to use
 * these words elsewhere lose nothing.
 */
const HURRY = [
  /hurry/u,
  'as fast as you can',
  /no time (?:to|for)/u,
  /can'?t wait/u,
  'time is running out',
  /within the (?:hour|next hour)/u,
];
const FEELINGS = [
  'desperate',
  'panicking',
  /(?:crying|in tears)/u,
  /please,? (?:please|i need)/u,
  /(?:only|last) (?:one|hope) who can/u,
  /you(?:'re| are) supposed to (?:help|be helpful)/u,
  /a (?:real|good|helpful) assistant would/u,
  /(?:get|be|am) in (?:big |so much )?trouble/u,
];
const ENTITLED_ROLES = [
  'doctor',
  'nurse',
  'police',
  /(?:police )?officer/u,
  'detective',
  'lawyer',
  'attorney',
  'auditor',
  'compliance',
  /regulators?/u,
  'landlord',
  /(?:the )?hr/u,
];
const ROLE_CLAIMS = [/i'?m/u, 'i am', 'we are', /this is/u, 'as'];
const LEGAL_FORCE = [
  /court order/u,
  'subpoena',
  'warrant',
  /required by law/u,
  /legal(?:ly)? requir/u,
];
const THIRD_PARTY_CONSENT = [
  /(?:he|she|they) (?:said|says|agreed|told me) (?:it'?s|it is|that'?s|that is) (?:fine|ok|okay|alright)/u,
  /(?:he|she|they) (?:won'?t|will not|wouldn'?t) mind/u,
  /(?:with|have|got) (?:his|her|their) (?:permission|consent|ok|approval)/u,
  /\w+ (?:gave|has given|have given|already gave) (?:\w+ )?(?:permission|consent|approval)/u,
  /\w+ (?:said|says) (?:it'?s|it is|that'?s|that is) (?:fine|ok|okay|alright)/u,
  /(?:hr|legal|the boss|my boss|management) said (?:it'?s|it is) (?:fine|ok|okay)/u,
];
const PRESSING = caseless(
  new RegExp(
    [
      String.raw`\b(?:${alternation(HURRY)})`,
      String.raw`\b(?:${alternation(FEELINGS)})\b`,
      String.raw`\b(?:${alternation(ROLE_CLAIMS)}) (?:a |an |the |your )?(?:${alternation(ENTITLED_ROLES)})\b`,
      String.raw`\b(?:${alternation(LEGAL_FORCE)})`,
      String.raw`\b(?:${alternation(THIRD_PARTY_CONSENT)})`,
    ].join('|'),
    'iu',
  ),
);

/** The first phrase pressing a send in `text`: the request pressure words, then these. */
export function pressingPhraseIn(text: string): string | undefined {
  return pressureIn(text) ?? PRESSING.exec(text)?.[0];
}
