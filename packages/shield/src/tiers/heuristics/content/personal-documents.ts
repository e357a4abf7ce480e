import { alternation } from '../text/word-list.js';

/**
 * File names of documents about a person or kept from outsiders: identity papers, money, health,
 * employment (personnel and HR files), and anything marked private or confidential. Sent where the user did not say, they are the
 * data a pretext is written to get.
 */
const PERSONAL_DOCUMENTS = [
  /passports?/u,
  /id[-_ ]?cards?/u,
  /driv(?:ing|ers?)[-_ ]?licen[cs]es?/u,
  /birth[-_ ]?certificates?/u,
  /bank[-_ ]?statements?/u,
  /payslips?/u,
  /pay[-_ ]?stubs?/u,
  /salar(?:y|ies)/u,
  /tax(?:es)?(?:[-_ ]?returns?)?/u,
  /medical/u,
  /diagnos[ie]s/u,
  /prescriptions?/u,
  /lab[-_ ]?results?/u,
  /health/u,
  /private/u,
  /confidential/u,
  /personal/u,
  /personnel/u,
  'hr',
];
const SEPARATOR = String.raw`[/_.\s-]`;
const PERSONAL_DOCUMENT = new RegExp(
  String.raw`(?:^|${SEPARATOR})(?:${alternation(PERSONAL_DOCUMENTS)})(?=${SEPARATOR}|$)`,
  'iu',
);

/** The word in a path that marks it as a personal or confidential document; undefined if none. */
export function personalDocumentIn(path: string): string | undefined {
  return PERSONAL_DOCUMENT.exec(path)?.[0].replace(/^[/_.\s-]/u, '');
}
