/**
 * Where a network action goes. Loopback is the user's own machine; cloud metadata endpoints hand
 * out credentials; private addresses are the local network; `configured` is storage the user set
 * up under a name in a tool's own configuration (an rclone remote), wherever it is; everything
 * else is external. The heuristics know no allow-list: tier 0 policy allows known hosts before
 * tier 1 runs.
 */
export type HostKind = 'loopback' | 'metadata' | 'private' | 'external' | 'dynamic' | 'configured';

export interface RemoteTarget {
  readonly host: string;
  readonly kind: HostKind;
  /** Lower-case scheme without `:`, or undefined for bare `host[:port]/path`. */
  readonly scheme: string | undefined;
  /** Query and fragment text, where data is often smuggled. */
  readonly query: string;
  readonly path: string;
}

/**
 * Every RemoteTarget is made here, fields in one order, so all of them share one V8 object shape
 * and the rules that read targets stay monomorphic (see shell/args.ts). Callers that know only a
 * host and its kind (a listener, a bare name) leave scheme, path and query at their defaults.
 */
export function remoteTarget(
  host: string,
  kind: HostKind,
  scheme: string | undefined = undefined,
  path = '',
  query = '',
): RemoteTarget {
  return { host, kind, scheme, path, query };
}

const METADATA_HOSTS = new Set([
  '169.254.169.254',
  'metadata.google.internal',
  'metadata',
  'fd00:ec2::254',
  '100.100.100.200',
  '169.254.170.2',
]);
const DYNAMIC = /[$`(){}]/u;

/** IPv4 in any spelling `inet_aton` accepts (dotted, decimal, hex, octal, short forms). */
function ipv4(host: string): readonly number[] | undefined {
  const parts = host.split('.');
  if (parts.length > 4 || parts.some((p) => !/^(?:0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)$/iu.test(p)))
    return undefined;
  const nums = parts.map((p) =>
    /^0x/iu.test(p)
      ? parseInt(p, 16)
      : p.length > 1 && p.startsWith('0')
        ? parseInt(p, 8)
        : parseInt(p, 10),
  );
  const last = nums.pop() ?? 0;
  const lastBytes = 4 - nums.length;
  if (nums.some((n) => n > 255) || last >= 256 ** lastBytes) return undefined;
  const bytes = [...nums];
  for (let i = lastBytes - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

export function classifyHost(rawHost: string): HostKind {
  const host = rawHost
    .toLowerCase()
    .replace(/^\[|\]$/gu, '')
    .replace(/\.$/u, '');
  if (host === '' || DYNAMIC.test(host)) return 'dynamic';
  if (METADATA_HOSTS.has(host)) return 'metadata';
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === 'ip6-localhost' ||
    host === '::1' ||
    host === '::'
  )
    return 'loopback';
  const v4 = ipv4(host);
  if (v4) {
    const [a = 0, b = 0] = v4;
    if (a === 127 || (a === 0 && v4.every((x) => x === 0))) return 'loopback';
    if (a === 169 && b === 254) return v4[2] === 169 && v4[3] === 254 ? 'metadata' : 'private';
    if (
      a === 10 ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b < 128)
    )
      return 'private';
    return 'external';
  }
  if (/^::ffff:127\./u.test(host) || /^::ffff:7f/u.test(host)) return 'loopback';
  if (/^f[cd][0-9a-f]{2}:|^fe[89ab][0-9a-f]:/u.test(host)) return 'private';
  if (!host.includes('.') && !host.includes(':')) return 'private';
  if (/\.(?:local|internal|lan|home\.arpa|intranet|corp)$/u.test(host)) return 'private';
  return 'external';
}

const URL_LIKE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)([?#].*)?$/isu;
const BARE_HOST =
  /^(?:[\w.%+-]+@)?(\[[0-9a-f:.]+\]|[a-z0-9$`({][\w.$`(){}-]*)(?::\d+)?([/?#].*)?$/iu;

/** The remote a URL or `host[:port][/path]` names, or undefined when the text names none. */
export function parseRemote(text: string): RemoteTarget | undefined {
  const trimmed = text.trim();
  const url = URL_LIKE.exec(trimmed);
  if (url) {
    const authority = (url[2] ?? '').replace(/^.*@/su, '');
    const host = authority.startsWith('[')
      ? authority.slice(0, authority.indexOf(']') + 1)
      : authority.replace(/:\d*$/u, '');
    return remoteTarget(
      host,
      classifyHost(host),
      (url[1] ?? '').toLowerCase(),
      url[3] ?? '',
      url[4] ?? '',
    );
  }
  const bare = BARE_HOST.exec(trimmed);
  if (!bare) return undefined;
  const host = bare[1] ?? '';
  // A bare word without a dot is a file name, not a host, unless it is localhost.
  if (!host.includes('.') && !host.startsWith('[') && host !== 'localhost' && !DYNAMIC.test(host))
    return undefined;
  const rest = bare[2] ?? '';
  const queryStart = rest.search(/[?#]/u);
  return remoteTarget(
    host,
    classifyHost(host),
    undefined,
    queryStart === -1 ? rest : rest.slice(0, queryStart),
    queryStart === -1 ? '' : rest.slice(queryStart),
  );
}

/** DNS names whose labels carry data: substitutions, or long encoded-looking labels. */
export function labelsCarryData(host: string): boolean {
  if (DYNAMIC.test(host)) return true;
  const labels = host.split('.');
  if (labels.length < 3) return false;
  return labels
    .slice(0, -2)
    .some(
      (l) =>
        l.length > 40 ||
        (l.length >= 16 && /^[a-z0-9+/=_-]+$/iu.test(l) && /\d/u.test(l) && /[a-z]/iu.test(l)),
    );
}

/**
 * `drive.acme-corp.example.com.upload-mirror.example.ru`: a whole domain name worn as the first
 * labels of another one, so that a reader stops at the familiar part. Country-code pairs
 * (`bbc.co.uk`, `example.com.au`) end the name, so they do not count.
 */
export function imitatesDomain(host: string): boolean {
  return (
    /\.(?:com|net|org|gov|edu|mil|int|io|co|app|dev)\.(?:[a-z0-9-]+\.)+[a-z0-9-]{2,}$/iu.test(
      host,
    ) && !/\.(?:com|net|org|gov|edu|co)\.[a-z]{2}$/iu.test(host)
  );
}

/** Hosts that serve public package indexes (an install from them is ordinary). */
export const PUBLIC_PACKAGE_INDEXES = new Set([
  'pypi.org',
  'pypi.python.org',
  'files.pythonhosted.org',
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'proxy.golang.org',
  'sum.golang.org',
  'crates.io',
  'index.crates.io',
  'static.crates.io',
  'rubygems.org',
  'repo.maven.apache.org',
  'repo1.maven.org',
  'api.nuget.org',
  'packagist.org',
]);
