import { describe, expect, it } from 'vitest';
import { parseLoadToolsArguments } from './load-tools.js';

describe('parseLoadToolsArguments', () => {
  it('reads a list of groups, or a single group', () => {
    expect(parseLoadToolsArguments('{"groups":["files","git"]}')).toEqual(['files', 'git']);
    expect(parseLoadToolsArguments('{"group":"files"}')).toEqual(['files']);
  });

  it('rejects anything that does not name a group', () => {
    for (const bad of ['', 'not json', '[]', 'null', '{}', '{"groups":[]}', '{"groups":[1]}', '{"groups":"files"}', '{"group":""}']) {
      expect(parseLoadToolsArguments(bad), bad).toBeNull();
    }
  });
});
