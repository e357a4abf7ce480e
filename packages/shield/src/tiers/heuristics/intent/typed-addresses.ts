import type { SaidWords } from './words.js';

const TYPED_ADDRESS = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gu;

/** The e-mail addresses the user typed out, in lower case, split into mailbox and domain. */
export function typedAddresses(words: SaidWords): { mailbox: string; domain: string }[] {
  return [...words.lower.matchAll(TYPED_ADDRESS)].map(([address]) => {
    const at = address.lastIndexOf('@');
    return { mailbox: address.slice(0, at), domain: address.slice(at + 1).replace(/\.$/u, '') };
  });
}
