import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ParapetError } from '@parapet/wire';
import { ExecutionError } from '../executors/errors.js';
import { classifyAddress } from './address-guard.js';
import type { CheckedTarget, HostResolver, HttpSettings } from './types.js';

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The URL's host without IPv6 brackets, lower case. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/u, '$1').toLowerCase();
}

export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Whether the user named this host (any port) or this host:port in `http.allow_private_hosts`. */
function namedByUser(url: URL, settings: HttpSettings): boolean {
  const host = url.hostname.toLowerCase();
  const withPort = `${host}:${effectivePort(url)}`;
  return settings.allowPrivateHosts.some((entry) => entry === host || entry === withPort);
}

/**
 * Resolves the URL's host once and checks every address it has: a name with any loopback, private,
 * link-local, multicast or reserved address is refused unless the user named the host, and a
 * metadata address is refused always. The caller connects to the returned address only.
 */
export async function checkTarget(url: URL, settings: HttpSettings, resolve: HostResolver): Promise<CheckedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExecutionError(`http_request: only http and https URLs are fetched (not ${url.protocol})`);
  }
  if (url.username !== '' || url.password !== '') throw new ExecutionError('http_request: credentials in the URL are refused (use a header)');
  const hostname = bareHostname(url);
  let addresses: ReadonlyArray<{ readonly address: string; readonly family: number }>;
  const mapped = settings.hosts[hostname];
  if (isIP(hostname) !== 0) addresses = [{ address: hostname, family: isIP(hostname) }];
  else if (mapped !== undefined) addresses = [{ address: mapped, family: isIP(mapped) }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new ExecutionError(`http_request: ${hostname} did not resolve (${code})`, 'EXECUTION_FAILED', { cause: error });
    }
  }
  if (addresses.length === 0) throw new ExecutionError(`http_request: ${hostname} has no address`);
  const named = namedByUser(url, settings);
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === undefined) continue;
    if (kind === 'metadata' || !named) {
      const via = address === hostname ? '' : ` (${hostname} resolves to ${address})`;
      throw new ParapetError(
        'NETWORK_ADDRESS_REFUSED',
        `http_request: ${url.host} is a ${kind} address${via}: refused${kind === 'metadata' ? '' : ' (only hosts named in http.allow_private_hosts may be reached there)'}`,
      );
    }
  }
  const [first] = addresses;
  if (!first || (first.family !== 4 && first.family !== 6)) throw new ExecutionError(`http_request: ${hostname} has no usable address`);
  return { url, hostname, port: effectivePort(url), address: first.address, family: first.family };
}
