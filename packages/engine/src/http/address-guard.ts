import { BlockList, isIP } from 'node:net';

/** Why an address may not be reached unless the user named its host; undefined when it is public. */
export type AddressClass = 'loopback' | 'private' | 'link-local' | 'metadata' | 'multicast' | 'unspecified' | 'reserved';

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);

const RANGES: ReadonlyArray<readonly [AddressClass, 'ipv4' | 'ipv6', string, number]> = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '192.0.2.0', 24],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '198.51.100.0', 24],
  ['reserved', 'ipv4', '203.0.113.0', 24],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['reserved', 'ipv6', '100::', 64],
  ['reserved', 'ipv6', '2001:db8::', 32],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['private', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const LISTS = new Map<AddressClass, BlockList>();
for (const [kind, family, network, prefix] of RANGES) {
  let list = LISTS.get(kind);
  if (!list) {
    list = new BlockList();
    LISTS.set(kind, list);
  }
  list.addSubnet(network, prefix, family);
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address);
  if (!words) return undefined;
  const v4 = (high: number, low: number): string => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number): boolean => words.slice(from, to).every((w) => w === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible).
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0) && !(words[5] === 0 && words[6] === 0)) return v4(words[6] ?? 0, words[7] ?? 0);
  // 64:ff9b::/96 (NAT64).
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6] ?? 0, words[7] ?? 0);
  // 2002::/16 (6to4) carries the IPv4 address in words 1 and 2.
  if (words[0] === 0x2002) return v4(words[1] ?? 0, words[2] ?? 0);
  return undefined;
}

/** Eight 16-bit words, or undefined when `address` is not IPv6. */
function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/u.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((w) => Number.parseInt(w, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(fill).fill(0), ...back];
}

/**
 * The class of an address no built-in rule lets a request reach (loopback, private, link-local,
 * metadata, multicast, unspecified, reserved), looking through IPv6 forms that carry an IPv4
 * address; undefined for a public address. Anything that is not an IP address is refused.
 */
export function classifyAddress(address: string): AddressClass | undefined {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const bare = address.split('%')[0] ?? address;
  if (METADATA.has(bare.toLowerCase())) return 'metadata';
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== undefined) return classifyAddress(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of LISTS) if (list.check(bare, type)) return kind;
  return undefined;
}
