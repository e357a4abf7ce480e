import { createHash, randomBytes } from 'node:crypto';

/** How long a printed login link works. */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
/** How long a browser stays logged in (engine restarts log everyone out: sessions live in memory). */
export const SESSION_TTL_MS = 12 * 60 * 60_000;
/** Failed logins allowed per window, from anywhere (loopback included: any local process may try). */
export const FAILED_LOGINS_PER_WINDOW = 5;
export const FAILED_LOGIN_WINDOW_MS = 60_000;
const MAX_SESSIONS = 64;
const MAX_OPEN_LINKS = 64;

export type LoginOutcome =
  | { readonly ok: true; readonly sessionToken: string }
  | { readonly ok: false; readonly reason: 'invalid' | 'rate-limited' };

export interface WebAuth {
  /** A fresh one-time login token and when it expires. */
  mintLoginToken(): { readonly token: string; readonly expiresAt: Date };
  /** Exchanges a login token (once) for a session token; failures count toward the rate limit. */
  login(presented: string): LoginOutcome;
  /** True for a live session token. */
  sessionValid(presented: string | undefined): boolean;
}

/** Keys by hash, so a lookup's timing says nothing about how close a guess came to a token. */
function keyOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

function dropOldest(map: Map<string, number>, keep: number): void {
  while (map.size > keep) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) return;
    map.delete(oldest);
  }
}

export function createWebAuth(clock: () => number = Date.now): WebAuth {
  /** Login-token key → expiry (ms). */
  const links = new Map<string, number>();
  /** Session-token key → expiry (ms). */
  const sessions = new Map<string, number>();
  let failures: number[] = [];

  const live = (map: Map<string, number>, presented: string): string | undefined => {
    const key = keyOf(presented);
    const expiresAt = map.get(key);
    return expiresAt !== undefined && expiresAt > clock() ? key : undefined;
  };

  return {
    mintLoginToken() {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = clock() + LOGIN_LINK_TTL_MS;
      links.set(keyOf(token), expiresAt);
      dropOldest(links, MAX_OPEN_LINKS);
      return { token, expiresAt: new Date(expiresAt) };
    },
    login(presented) {
      const now = clock();
      failures = failures.filter((at) => at > now - FAILED_LOGIN_WINDOW_MS);
      // Once over the limit nothing is checked, so guessing costs a full window per few tries.
      if (failures.length >= FAILED_LOGINS_PER_WINDOW) return { ok: false, reason: 'rate-limited' };
      const link = presented.length > 0 && presented.length <= 128 ? live(links, presented) : undefined;
      if (!link) {
        failures.push(now);
        return { ok: false, reason: 'invalid' };
      }
      links.delete(link);
      const sessionToken = randomBytes(32).toString('base64url');
      sessions.set(keyOf(sessionToken), now + SESSION_TTL_MS);
      dropOldest(sessions, MAX_SESSIONS);
      return { ok: true, sessionToken };
    },
    sessionValid(presented) {
      if (presented === undefined || presented.length === 0 || presented.length > 128) return false;
      return live(sessions, presented) !== undefined;
    },
  };
}
