import { describe, expect, it } from 'vitest';
import { alternation, escapeRegExp } from './word-list.js';

describe('word lists', () => {
  it('matches a phrase literally, dots and brackets included', () => {
    const pattern = new RegExp(`^(?:${alternation(['json.tool', '[[', 'c++'])})$`, 'u');
    expect(pattern.test('json.tool')).toBe(true);
    expect(pattern.test('jsonXtool')).toBe(false);
    expect(pattern.test('[[')).toBe(true);
    expect(pattern.test('c++')).toBe(true);
  });

  it('keeps a pattern item as written and the items in list order', () => {
    expect(alternation(['always', /sessions?/u], ['from now on'])).toBe(
      'always|sessions?|from now on',
    );
  });

  it('escapes only regex syntax, so a hyphen stays valid under the u flag', () => {
    expect(escapeRegExp('pre-approved (x)')).toBe('pre-approved \\(x\\)');
    expect(() => new RegExp(escapeRegExp('a-b/c'), 'u')).not.toThrow();
  });
});
