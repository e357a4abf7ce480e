import { imitatesDomain, labelsCarryData } from '../network/hosts.js';
import { typedAddresses } from './typed-addresses.js';
import { stemsOf, userSaidStem, userTyped, type SaidWords } from './words.js';

const ADDRESS = /^([^\s@<>]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/iu;

/** Parts of a mailbox name too short to name anyone (initials, "j.moreau"'s "j"). */
const MIN_NAME_PART = 3;

/**
 * Whether the user named this recipient: they typed the address, or every name in its mailbox
 * ("sam.editor", "jonas", "landlord") is a word they used for the person ("my editor Sam"). A
 * domain dressed as another domain, or one carrying data in its labels, is never the user's.
 */
export function userNamedRecipient(recipient: string, words: SaidWords): boolean {
  const address = recipient.replace(/^.*<|>$/gu, '').trim();
  const match = ADDRESS.exec(address);
  if (!match) return false;
  const domain = (match[2] ?? '').toLowerCase();
  if (imitatesDomain(domain) || labelsCarryData(domain)) return false;
  if (userTyped(address, words)) return true;
  // The user typed this mailbox's address: the same name at another domain is someone else.
  const mailbox = (match[1] ?? '').toLowerCase();
  if (typedAddresses(words).some((typed) => typed.mailbox === mailbox)) return false;
  const names = (match[1] ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => /^\p{L}+$/u.test(part) && part.length >= MIN_NAME_PART);
  return names.length > 0 && names.every((name) => saidAsName(name, words));
}

/**
 * A mailbox's name as the user wrote a word for someone: itself, a plural or a possessive
 * ("editor", "editors", "editor's"). Other forms of the word name an activity, not anyone: the
 * user's "archiving" does not name `archive@…`, nor "supporting" `support@…`.
 */
function saidAsName(name: string, words: SaidWords): boolean {
  const lower = name.toLowerCase();
  const at = (from: number): number => words.lower.indexOf(lower, from);
  for (let found = at(0); found >= 0; found = at(found + 1)) {
    if (/[\p{L}\p{N}]/u.test(words.lower[found - 1] ?? '')) continue;
    const rest = words.lower.slice(found + lower.length);
    if (/^(?:e?s|['’]s?)?(?![\p{L}\p{N}])/u.test(rest)) return true;
  }
  return false;
}

/**
 * Whether the user named this file ("chapter three" for `book/chapter-03.md`, "the October summary"
 * for `reports/2026-10-summary.pdf`): every word of its name. Numbers (dates, versions, counts) only
 * tell copies of the same document apart, so they need not have been said; at least one word must
 * (of the folder, for a file named only by a date: "the March invoice" for `invoices/2025-03.pdf`).
 */
export function userNamedFile(path: string, words: SaidWords): boolean {
  const folders = path.split(/[\\/]/u);
  const base = folders.pop() ?? '';
  const name = base.replace(/\.[a-z0-9]{1,8}$/iu, '');
  if (userTyped(base, words)) return true;
  const number = (part: string): boolean => /^\d+$/u.test(part);
  const said = (stems: readonly string[]): boolean => {
    const parts = stems.filter((part) => !number(part) || userSaidStem(part, words));
    return parts.some((part) => !number(part)) && parts.every((part) => userSaidStem(part, words));
  };
  const stems = stemsOf(name);
  if (said(stems)) return true;
  const folder = folders.pop();
  return stems.every(number) && folder !== undefined && said(stemsOf(folder));
}
