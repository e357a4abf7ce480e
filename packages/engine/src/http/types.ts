/** How the engine makes `http_request` calls (config `http:`). */
export interface HttpSettings {
  /**
   * Hosts the user named (`host` or `host:port`, lower case, IPv6 in brackets) that may be reached
   * even at a loopback, private or link-local address. Metadata addresses stay refused.
   */
  readonly allowPrivateHosts: readonly string[];
  /** Name → IP address, used instead of DNS (like /etc/hosts). */
  readonly hosts: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Largest response body read; the rest is cut with a marker. */
  readonly maxResponseBytes: number;
  readonly maxRedirects: number;
}

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  allowPrivateHosts: [],
  hosts: {},
  timeoutMs: 15_000,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 5,
};

/** A resolved destination, checked: the connection goes to `address` and nowhere else. */
export interface CheckedTarget {
  readonly url: URL;
  readonly hostname: string;
  readonly port: number;
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has (a test or the user's `hosts:` map may stand in for DNS). */
export type HostResolver = (hostname: string) => Promise<ReadonlyArray<{ readonly address: string; readonly family: number }>>;
