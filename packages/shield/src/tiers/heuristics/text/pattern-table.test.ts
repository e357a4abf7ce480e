import { describe, expect, it } from 'vitest';
import { patternTable } from './pattern-table.js';

describe('patternTable', () => {
  const table = patternTable([
    [/\bAKIA[0-9A-Z]{4}\b/u, 'aws'],
    [/\bpassword\s*=/iu, 'assignment'],
    [/^begin.*end$/mu, 'block'],
    [/a.b/su, 'dotall'],
  ]);

  it('answers with the first matching entry, in table order', () => {
    expect(table.first('key AKIAABCD and password=x')).toBe('aws');
    expect(table.first('PASSWORD = hunter2')).toBe('assignment');
    expect(table.first('x\nbegin here end\ny')).toBe('block');
    expect(table.first('a\nb')).toBe('dotall');
    expect(table.any('a\nb')).toBe(true);
  });

  it('keeps each entry its own case rule: the combined scan only narrows', () => {
    // The union is case-insensitive because one entry is; the AWS entry still is not.
    expect(table.first('akiaxyzw')).toBeUndefined();
    expect(table.any('nothing to see here')).toBe(false);
  });

  it('refuses patterns whose group references would break once joined', () => {
    expect(() => patternTable([[/(a)\1/u, 'x']])).toThrow();
    expect(() => patternTable([[/(?<n>a)\k<n>/u, 'x']])).toThrow();
    expect(() => patternTable([[/a/gu, 'x']])).toThrow();
    expect(() => patternTable([[/a/i, 'x']])).toThrow();
  });
});
