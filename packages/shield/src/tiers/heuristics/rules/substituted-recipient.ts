import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import type { Findings } from '../findings.js';
import { typedAddresses } from '../intent/typed-addresses.js';
import { saidWords } from '../intent/words.js';
import { defineRule } from '../registry.js';

export const SUBSTITUTED_RECIPIENT_RULES = {
  lookAlike: defineRule(
    'email.look_alike_recipient',
    'block',
    'sends to a domain that differs from the one the user typed only in its dots and dashes',
  ),
};

/** A domain with its separators taken out: what a reader's eye compares. */
const letters = (domain: string): string => domain.replace(/[.-]/gu, '');

/**
 * A mail whose recipient is not an address the user typed, but spelled like one of theirs with a
 * dot turned into a dash (or back): `team-example.org` for `team.example.org`. Nobody means another
 * domain that reads the same; it is the mark of an address swapped in to be approved at a glance.
 */
export function judgeSubstitutedRecipients(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  findings: Findings,
): void {
  if (type !== 'send_email' || request === undefined) return;
  const typed = typedAddresses(saidWords(request));
  if (typed.length === 0) return;
  const recipients = ['to', 'cc', 'bcc'].flatMap((field) =>
    stringsIn(payload[field]).flatMap((value) => value.split(/\s*[,;]\s*/u)),
  );
  for (const recipient of recipients) {
    const address = recipient
      .replace(/^.*<|>$/gu, '')
      .trim()
      .toLowerCase();
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (!address.includes('@') || typed.some((t) => t.domain === domain)) continue;
    if (typed.some((t) => letters(t.domain) === letters(domain)))
      return findings.add(SUBSTITUTED_RECIPIENT_RULES.lookAlike, address);
  }
}
