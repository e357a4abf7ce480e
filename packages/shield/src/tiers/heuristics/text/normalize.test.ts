import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.js';

describe('normalizeText', () => {
  it('leaves ASCII alone', () => {
    expect(normalizeText('cat /etc/hosts')).toEqual({
      text: 'cat /etc/hosts',
      hiddenCharacters: false,
      mixedScriptWord: undefined,
    });
  });
  it('folds look-alikes and reports a word mixing scripts', () => {
    expect(normalizeText('rm сonfig.yaml')).toMatchObject({
      text: 'rm config.yaml',
      mixedScriptWord: 'сonfig.yaml',
    });
  });
  it('does not call a word in another language a spoof', () => {
    expect(normalizeText('echo привет').mixedScriptWord).toBeUndefined();
  });
  it('removes invisible characters between letters and reports them; emoji joiners are fine', () => {
    expect(normalizeText('sh\u200Badow')).toMatchObject({ text: 'shadow', hiddenCharacters: true });
    expect(normalizeText('done 👨\u200D👩\u200D👧').hiddenCharacters).toBe(false);
  });
  it('applies NFKC (full-width forms)', () => {
    expect(normalizeText('ｒｍ －ｒｆ ／').text).toBe('rm -rf /');
  });
});
