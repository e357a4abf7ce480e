import { describe, expect, it } from 'vitest';
import { createSpawnToken, tokensMatch } from './spawn-token.js';

describe('spawn token', () => {
  it('is 256 random bits, fresh each spawn', () => {
    const a = createSpawnToken();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(createSpawnToken()).not.toBe(a);
  });

  it('matches only the exact token, whatever the length of the attempt', () => {
    const token = createSpawnToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, token.slice(0, -1))).toBe(false);
    expect(tokensMatch(token, `${token}0`)).toBe(false);
    expect(tokensMatch(token, '')).toBe(false);
    expect(tokensMatch(token, token.toUpperCase())).toBe(false);
  });

  it('never matches an empty expected token', () => {
    expect(tokensMatch('', '')).toBe(false);
  });
});
