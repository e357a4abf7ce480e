import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** `host:port` values a request may name in `Host` (DNS rebinding: an attacker's name is refused). */
  readonly hosts: ReadonlySet<string>;
  /** Full origins (`http://host:port`) a browser request may come from (cross-site WebSocket hijacking). */
  readonly origins: ReadonlySet<string>;
}

function hostPart(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The names this server answers to: its bind address, plus the loopback aliases when bound there. */
export function originPolicy(bind: string, port: number, loopback: boolean, tls: boolean): OriginPolicy {
  const names = new Set([hostPart(bind), ...(loopback ? LOOPBACK_NAMES : [])]);
  const hosts = new Set([...names].map((name) => `${name}:${port}`));
  const scheme = tls ? 'https' : 'http';
  return { hosts, origins: new Set([...hosts].map((host) => `${scheme}://${host}`)) };
}

export function hostAllowed(request: IncomingMessage, policy: OriginPolicy): boolean {
  const host = request.headers.host;
  return host !== undefined && policy.hosts.has(host.toLowerCase());
}

/**
 * A request that changes something (login, WebSocket) must come from our own page: browsers always
 * send `Origin` there, so a missing one is refused too.
 */
export function originAllowed(request: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && policy.origins.has(origin.toLowerCase());
}

export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
