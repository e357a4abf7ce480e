// A tokenizer.json in the shape `transformers` writes for DeBERTa-v3 (DebertaV2Converter):
// Unigram model, Replace/Strip normalizers, WhitespaceSplit + Metaspace pre-tokenizer,
// TemplateProcessing `[CLS] $A [SEP]`, Metaspace decoder. Lower-casing is on (as with
// `do_lower_case`) so the tiny vocabulary stays small.
import { MASK_TOKEN, SPECIAL_TOKENS } from './vocabulary.mjs';

const specialToken = (content, id) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});

export function buildTokenizerJson(pieces) {
  const maskId = pieces.length;
  const cls = { id: '[CLS]', type_id: 0 };
  const sep = (typeId) => ({ id: '[SEP]', type_id: typeId });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [...SPECIAL_TOKENS.map((t, i) => specialToken(t, i)), specialToken(MASK_TOKEN, maskId)],
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'Replace', pattern: { String: '``' }, content: '"' },
        { type: 'Replace', pattern: { String: "''" }, content: '"' },
        { type: 'Lowercase' },
        { type: 'Strip', strip_left: false, strip_right: true },
      ],
    },
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'WhitespaceSplit' },
        { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
      ],
    },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: cls }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: sep(0) }],
      pair: [
        { SpecialToken: cls },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: sep(0) },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: sep(1) },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [1], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [2], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: 3, vocab: pieces, byte_fallback: false },
  };
}
