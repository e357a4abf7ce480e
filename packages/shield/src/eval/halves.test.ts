import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.js';
import { casesInHalf, corpusHalf } from './halves.js';
import { PROJECT_CORPUS } from './project-corpus.js';

describe('corpus halves', () => {
  it('puts an id in the same half every time, decided by the id alone', () => {
    expect(corpusHalf('DI-001')).toBe(corpusHalf('DI-001'));
    const halves = new Set(['DI-001', 'DI-002', 'DI-003', 'DI-004', 'DI-005', 'DI-006'].map(corpusHalf));
    expect(halves).toEqual(new Set(['tuning', 'held-out']));
  });

  it('splits the project corpus into two disjoint halves that together are the whole, each with both intents', () => {
    const cases = loadCorpus(PROJECT_CORPUS);
    const tuning = casesInHalf(cases, 'tuning');
    const heldOut = casesInHalf(cases, 'held-out');
    expect(tuning.length + heldOut.length).toBe(cases.length);
    expect(new Set([...tuning, ...heldOut].map((c) => c.id)).size).toBe(cases.length);
    expect(casesInHalf(cases, 'all')).toEqual(cases);
    for (const half of [tuning, heldOut]) {
      expect(half.length).toBeGreaterThan(cases.length / 3);
      expect(half.filter((c) => c.intent === 'malicious').length).toBeGreaterThan(50);
      expect(half.filter((c) => c.intent === 'legitimate').length).toBeGreaterThan(40);
    }
  });
});
