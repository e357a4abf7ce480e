import { describe, expect, it } from 'vitest';
import { createTermFilter } from './term-filter.js';

describe('forbidden term filter', () => {
  it('withholds each term in any case, and leaves other text as it was', () => {
    const filter = createTermFilter(['Project Falcon', 'hunter2']);
    expect(filter.apply('The project falcon code is HUNTER2.')).toBe('The [withheld] code is [withheld].');
    expect(filter.apply('nothing here')).toBe('nothing here');
  });

  it('catches a term split across streamed chunks and holds back no more than a possible start', () => {
    const stream = createTermFilter(['Project Falcon']).stream();
    const out = ['About Proj', 'ect Fal', 'con: it is P', 'aris.'].map((chunk) => stream.push(chunk));
    expect(out).toEqual(['About ', '', '[withheld]: it is ', 'Paris.']);
    expect(stream.flush()).toBe('');
    const tail = createTermFilter(['secretword']).stream();
    expect(tail.push('ends with secr')).toBe('ends with ');
    expect(tail.flush()).toBe('secr');
  });

  it('passes everything through when no term is configured', () => {
    const stream = createTermFilter([' ']).stream();
    expect(stream.push('abc')).toBe('abc');
  });
});
