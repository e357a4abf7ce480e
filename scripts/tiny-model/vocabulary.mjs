// The tiny model's vocabulary: DeBERTa-v3's four special tokens first (same ids: [PAD] 0, [CLS] 1,
// [SEP] 2, [UNK] 3), then whole words, then single characters so that any lower-case ASCII text
// tokenizes without [UNK]. Each word carries a (safe, injection) logit contribution; that is what
// makes the tiny model meaningful: injection phrasing pushes towards label 1.
export const SPECIAL_TOKENS = ['[PAD]', '[CLS]', '[SEP]', '[UNK]'];
export const MASK_TOKEN = '[MASK]';

const INJECTION_WORDS = [
  'ignore', 'previous', 'prior', 'instructions', 'disregard', 'forget', 'override', 'jailbreak',
  'bypass', 'reveal', 'system', 'prompt', 'password', 'secret',
];
const BENIGN_WORDS = [
  'the', 'a', 'please', 'weather', 'today', 'summarize', 'file', 'list', 'files', 'report',
  'meeting', 'email', 'thanks', 'what', 'is', 'how', 'read', 'write', 'notes', 'project', 'hello',
  'world',
];
const NEUTRAL_WORDS = ['you', 'are', 'all', 'and', 'to', 'of', 'your', 'now', 'as'];
const CHARACTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789.,!?\'"-:;/()_@#'];

export const INJECTION_WEIGHT = 2.5;
export const PAD_INJECTION_WEIGHT = 50;
export const BENIGN_WEIGHT = 0.6;
/** Added once per sequence: an empty text leans safe (P(injection) ≈ 0.27). */
export const LOGIT_BIAS = [1, 0];

/** Unigram pieces `[piece, log-probability]` in id order, with per-id logit contributions. */
export function buildVocabulary() {
  const pieces = [];
  const contributions = [];
  const add = (piece, score, contribution) => {
    pieces.push([piece, score]);
    contributions.push(contribution);
  };
  // [PAD] leans hard towards injection: if padding ever escaped the attention mask, tests would see it.
  for (const token of SPECIAL_TOKENS) add(token, 0, token === '[PAD]' ? [0, PAD_INJECTION_WEIGHT] : [0, 0]);
  for (const word of INJECTION_WORDS) add(`▁${word}`, -8, [0, INJECTION_WEIGHT]);
  for (const word of BENIGN_WORDS) add(`▁${word}`, -8, [BENIGN_WEIGHT, 0]);
  for (const word of NEUTRAL_WORDS) add(`▁${word}`, -8, [0, 0]);
  add('▁', -9, [0, 0]);
  for (const ch of CHARACTERS) add(ch, -10, [0, 0]);
  return { pieces, contributions };
}
