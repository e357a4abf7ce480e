import { describe, expect, it } from 'vitest';
import { FAILED_LOGIN_WINDOW_MS, FAILED_LOGINS_PER_WINDOW, LOGIN_LINK_TTL_MS, SESSION_TTL_MS, createWebAuth } from './web-auth.js';

function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms) };
}

describe('web login', () => {
  it('a login token works once and gives a session token the engine then accepts', () => {
    const auth = createWebAuth();
    const { token } = auth.mintLoginToken();
    const first = auth.login(token);
    expect(first.ok).toBe(true);
    expect(auth.sessionValid(first.ok ? first.sessionToken : undefined)).toBe(true);
    expect(auth.login(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a login token expires, and so does a session', () => {
    const time = clock();
    const auth = createWebAuth(time.now);
    const late = auth.mintLoginToken();
    time.advance(LOGIN_LINK_TTL_MS + 1);
    expect(auth.login(late.token)).toEqual({ ok: false, reason: 'invalid' });

    const outcome = auth.login(auth.mintLoginToken().token);
    const session = outcome.ok ? outcome.sessionToken : '';
    time.advance(SESSION_TTL_MS - 1);
    expect(auth.sessionValid(session)).toBe(true);
    time.advance(2);
    expect(auth.sessionValid(session)).toBe(false);
  });

  it('refuses sessions it never made, and login tokens used as sessions', () => {
    const auth = createWebAuth();
    const { token } = auth.mintLoginToken();
    expect(auth.sessionValid(token)).toBe(false);
    expect(auth.sessionValid('')).toBe(false);
    expect(auth.sessionValid(undefined)).toBe(false);
    expect(auth.sessionValid('x'.repeat(10_000))).toBe(false);
  });

  it('after too many failures even a good token waits for the window to pass', () => {
    const time = clock();
    const auth = createWebAuth(time.now);
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_WINDOW; attempt += 1) expect(auth.login(`guess-${attempt}`).ok).toBe(false);
    const { token } = auth.mintLoginToken();
    expect(auth.login(token)).toEqual({ ok: false, reason: 'rate-limited' });
    time.advance(FAILED_LOGIN_WINDOW_MS + 1);
    expect(auth.login(token).ok).toBe(true);
  });
});
