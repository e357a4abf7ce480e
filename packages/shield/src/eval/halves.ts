import { createHash } from 'node:crypto';
import type { CorpusCase } from './corpus.js';

/**
 * The project corpus is split in two by a hash of each case id: rules are tuned against the
 * tuning half only, and the held-out half measures whether that tuning generalises. The hash
 * keeps a case in the same half forever, whatever is added around it.
 */
export const CORPUS_HALVES = ['tuning', 'held-out'] as const;
export type CorpusHalf = (typeof CORPUS_HALVES)[number];
export type HalfSelection = CorpusHalf | 'all';

export function corpusHalf(id: string): CorpusHalf {
  const firstByte = createHash('sha256').update(id, 'utf8').digest()[0] ?? 0;
  return firstByte < 128 ? 'tuning' : 'held-out';
}

export function casesInHalf(cases: readonly CorpusCase[], half: HalfSelection): CorpusCase[] {
  return half === 'all' ? [...cases] : cases.filter((c) => corpusHalf(c.id) === half);
}
