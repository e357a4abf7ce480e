import { describe, expect, it } from 'vitest';
import { programName } from './names.js';

describe('programName', () => {
  it('reduces a command word to the program it runs', () => {
    const cases: readonly (readonly [string, string])[] = [
      ['curl', 'curl'],
      ['git', 'git'],
      ['c++', 'c++'],
      ['docker-compose', 'docker-compose'],
      ['7z', '7z'],
      ['/usr/bin/curl', 'curl'],
      ['\\curl', 'curl'],
      ['CURL', 'curl'],
      ['Tool.EXE', 'tool'],
      ['python3.12', 'python'],
      ['pypy3', 'python'],
      ['node18', 'node'],
      ['pip3', 'pip'],
      ['nodemon', 'nodemon'],
      ['perlbrew', 'perlbrew'],
      ['', ''],
    ];
    for (const [word, name] of cases) expect([word, programName(word)]).toEqual([word, name]);
  });
});
