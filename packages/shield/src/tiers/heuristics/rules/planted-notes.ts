import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import { EMAIL_ADDRESS } from '../content/pii.js';
import { taskInUserWords } from '../intent/task-words.js';
import { saidWords, userTyped, type SaidWords } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * A memory note is read by every later session as what the user once said. Three kinds of note
 * change what those sessions do, and come from a page or a mail as easily as from the user: a
 * standing order to send things somewhere or take them from somewhere, a claim that something is
 * trusted or already approved, and a credential written down in plain text. The user's own words
 * settle the first two; a credential they dictate still needs a human (the notes file is plain
 * text).
 */
export const PLANTED_NOTE_RULES = {
  standingSend: defineRule(
    'memory.standing_send',
    'block',
    'stores a standing order to send things to an address or site the user never gave',
  ),
  standingSource: defineRule(
    'memory.standing_source',
    'block',
    'stores a standing order to fetch, install or use things from a site the user never gave',
  ),
  trustClaim: defineRule(
    'memory.trust_claim',
    'block',
    'stores a claim that something is trusted, official or already approved, which the user never made',
  ),
  credentialNote: defineRule(
    'memory.credential_note',
    'block',
    'stores a password, PIN or code in the notes in plain text',
  ),
  dictatedCredential: defineRule(
    'memory.dictated_credential',
    'escalate',
    'stores a password, PIN or code the user gave in the notes in plain text',
  ),
};

/** An e-mail address, or a site named by its URL. */
const ADDRESS = new RegExp(String.raw`${EMAIL_ADDRESS.source}|\bhttps?:\/\/[^\s/]+`, 'giu');
/** Words that make a note an order for later runs rather than a record. */
const ORDER =
  /\b(?:must|always|should|need(?:s)? to|has to|have to|from now on|every (?:day|week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|each (?:day|week|month))\b/iu;
const SEND = /\b(?:send|sent|forward|mail|e-mail|email|upload|post|share|report|cc|bcc)\w*\b/iu;
/** Taking something from a place: what later runs would download, install, sign with or load. */
const TAKE =
  /\b(?:download|fetch|install|pull|load|import|use|using|sign(?:ed|s|ing)?\s+with|from)\b/iu;
/**
 * A claim that a party, site or action is to be trusted, or needs no confirmation. ("Nothing
 * without asking me" restricts, and is not one.)
 */
const TRUST_CLAIM =
  /\b(?:(?:is|are)\s+(?:our\s+|the\s+)?(?:official|trusted|verified|legitimate|safe|approved|whitelisted|allow-?listed)|(?:pre-?approved|approved (?:all|every|in advance))|no (?:confirmation|approval|review) (?:is )?(?:needed|required)|(?:need|needs|require|requires) no (?:confirmation|approval|review))\b/iu;
/**
 * `PIN is 4471`, `password: hunter2`, `passcode = 0000`: a secret's name followed by its value;
 * with no word between them (`password r3lease!2026`), a value that mixes letters with digits or
 * symbols, as passwords do and words do not.
 */
const CREDENTIAL_VALUE =
  /\b(?:password|passcode|passphrase|passwd|pin(?:\s+code)?|cvv|cvc|security code|alarm code|door code)(?:\s*(?:is|was|:|=)\s*["'“]?([^\s"'”,;]{3,})|\s+(?=[^\s"'”,;]*\p{L})(?=[^\s"'”,;]*[\d!@#$%^&*?])([^\s"'”,;]{6,}?)(?=[.,;]?(?:\s|$)))/iu;

export function judgePlantedNote(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'memory_write') return;
  const notes = [
    ...stringsIn(payload['content']),
    ...stringsIn(payload['value']),
    ...stringsIn(payload['text']),
  ];
  if (notes.length === 0) return;
  const words = request === undefined ? undefined : saidWords(request);
  const own =
    words !== undefined && request?.untrustedContent === false && taskInUserWords(notes, words);
  for (const note of notes) {
    const value = CREDENTIAL_VALUE.exec(note);
    const credential = value?.[1] ?? value?.[2];
    if (credential !== undefined)
      judge.findings.add(
        words !== undefined && userTyped(credential, words)
          ? PLANTED_NOTE_RULES.dictatedCredential
          : PLANTED_NOTE_RULES.credentialNote,
        note.slice(0, 80),
      );
    if (own) continue;
    const unnamed = [...note.matchAll(ADDRESS)].map((m) => m[0]).filter((a) => !typedBy(a, words));
    if (unnamed.length > 0 && ORDER.test(note) && SEND.test(note))
      judge.findings.add(PLANTED_NOTE_RULES.standingSend, unnamed.join(', '));
    else if (unnamed.length > 0 && ORDER.test(note) && TAKE.test(note))
      judge.findings.add(PLANTED_NOTE_RULES.standingSource, unnamed.join(', '));
    if (TRUST_CLAIM.test(note))
      judge.findings.add(PLANTED_NOTE_RULES.trustClaim, note.slice(0, 80));
  }
}

function typedBy(address: string, words: SaidWords | undefined): boolean {
  return words !== undefined && userTyped(address.replace(/^https?:\/\//iu, ''), words);
}
