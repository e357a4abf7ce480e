/**
 * A memory note that only states a fact about the user ("The user prefers British spelling.",
 * "Alice's birthday is 12 March."): short, declarative, addressed to nobody, naming no place to
 * send anything, no account, no secret, no encoded text. Such a note cannot steer a later run,
 * so it needs no classifier to clear it. Anything else still does.
 */
const MAX_NOTE = 300;
const MAX_SENTENCES = 3;

/** Orders, conditions and addressing: what turns a note into an instruction. */
const INSTRUCTION_WORDS =
  /\b(?:always|never|must|should|shall|whenever|when(?:ever)? (?:you|the user|asked)|if (?:you|the user|asked|anyone)|from now on|going forward|in future|remember to|make sure|be sure|do not|don't|ignore|disregard|override|instead|unless|without|you|your|agent|assistant|model|ai|system|prompt|instructions?|rules?|polic(?:y|ies)|approv\w*|confirm\w*|permission|allowed|trusted?|authori[sz]\w*|verified|admin\w*|root|sudo)\b/iu;
/** Acts on data: what a planted note would have a later run do. */
const ACTION_WORDS =
  /\b(?:send|forward|e-?mail|mail|post|upload|share|transfer|pay|wire|delete|remove|wipe|run|execute|install|download|fetch|open|click|decode|read|copy|export|publish|push|disable|enable|skip|bypass)\b/iu;
/** Links, addresses, hosts, accounts and codes. */
const REFERENCES = /https?:\/\/|\bwww\.|@|\b[a-z0-9-]+\.(?:com|net|org|io|dev|xyz|ru|cn|app|co|me|info|biz|site|online|cloud|sh)\b|\d(?:[\s./-]?\d){5,}|[/\\~$`{}<>|]/iu;
/** Secrets by name, and runs that look encoded. */
const SECRET_OR_ENCODED = /\b(?:passw\w*|passphrase|secret|token|api[_ -]?key|private key|credential\w*|iban|swift|card number|cvv|pin)\b|[A-Za-z0-9+/=_-]{20,}/iu;

export function isPlainNote(texts: readonly string[]): boolean {
  if (texts.length === 0) return false;
  const text = texts.join('\n');
  if (text.length > MAX_NOTE) return false;
  if ((text.match(/[.!?;](?:\s|$)/gu)?.length ?? 0) > MAX_SENTENCES || /[\n\r]{2,}|:\s*$/u.test(text)) return false;
  // Hidden or look-alike characters are judged by the heuristics; a plain note is plain text.
  if (/[^\x20-\x7e\n\r\t\u00a0-\u024f\u2018\u2019\u201c\u201d\u2013\u2014]/u.test(text)) return false;
  return !INSTRUCTION_WORDS.test(text) && !ACTION_WORDS.test(text) && !REFERENCES.test(text) && !SECRET_OR_ENCODED.test(text);
}
