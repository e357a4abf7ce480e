import type { PathScope } from '../paths/resolve.js';
import { hasFlag } from '../shell/options.js';
import { networkEffectsOf } from '../shell/network-effects.js';
import { headersCarryData } from '../network/request-headers.js';
import { escapeRegExp } from '../text/word-list.js';
import { parseCommandLine } from '../shell/parse.js';
import { userNamedRecipient } from './recipients.js';
import { userTyped, type SaidWords } from './words.js';

type Payload = Readonly<Record<string, unknown>>;

/** Where an action sends data off this machine, and which local files go with it. */
export interface Outbound {
  /** Mail addresses and hosts the data goes to. */
  readonly destinations: readonly string[];
  /** Local files and folders sent (attachments, uploads, `@file` bodies). */
  readonly files: readonly string[];
  /** A folder sent whole (`scp -r`, `rsync -a`, a trailing `/`, a glob). */
  readonly wholeFolder: boolean;
}

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : [];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How a remote is used when data of the user's leaves with it. */
const SENDING_MODES = new Set(['send', 'mail']);
const COPIERS = new Set(['scp', 'rsync']);

const namesFolder = (path: string): boolean => path.endsWith('/') || /[*?]/u.test(path);

function emailOutbound(payload: Payload): Outbound {
  const destinations = ['to', 'cc', 'bcc']
    .flatMap((field) => strings(payload[field]))
    .flatMap((r) => r.split(/\s*[,;]\s*/u).filter(Boolean));
  const files = [...strings(payload['attachments']), ...strings(payload['attachment'])];
  // A mail whose recipients are not where the Shield reads them goes to nobody the user named.
  if (destinations.length === 0) destinations.push('an unstated recipient');
  return { destinations, files, wholeFolder: files.some(namesFolder) };
}

function httpOutbound(payload: Payload): Outbound | undefined {
  const url = payload['url'];
  if (typeof url !== 'string') return undefined;
  const method = typeof payload['method'] === 'string' ? payload['method'].toUpperCase() : '';
  const bodies = [...strings(payload['body']), ...strings(payload['json'])];
  const sendsNothing =
    bodies.every((b) => b.trim() === '') && !headersCarryData(payload['headers']);
  if (READ_METHODS.has(method) && sendsNothing) return undefined;
  // A body of `@path` is a file's contents, the way curl and httpie send one.
  const files = bodies.flatMap((b) => /^@(\S+)$/u.exec(b.trim())?.[1] ?? []);
  return { destinations: [url], files, wholeFolder: files.some(namesFolder) };
}

function commandOutbound(command: string, scope: PathScope): Outbound | undefined {
  const destinations: string[] = [];
  const files: string[] = [];
  let wholeFolder = false;
  for (const cmd of parseCommandLine(command, scope).commands) {
    const fx = networkEffectsOf(cmd);
    const sending = fx.remotes.filter((r) => SENDING_MODES.has(r.mode) || fx.stdinSent);
    if (sending.length === 0 && fx.uploads.length === 0) continue;
    destinations.push(...fx.recipients, ...sending.map((r) => r.target.host));
    files.push(...fx.uploads.map((upload) => upload.text));
    if (fx.uploads.some((u) => u.glob || namesFolder(u.text))) wholeFolder = true;
    if (
      COPIERS.has(cmd.name) &&
      fx.uploads.length > 0 &&
      hasFlag(cmd.args, 'raR', ['--recursive', '--archive'])
    )
      wholeFolder = true;
  }
  return destinations.length === 0 ? undefined : { destinations, files, wholeFolder };
}

/** What an action sends off this machine, if it sends anything; undefined when it sends nothing. */
export function outboundOf(
  type: string | undefined,
  payload: Payload,
  scope: PathScope,
): Outbound | undefined {
  if (type === 'send_email') return emailOutbound(payload);
  if (type === 'http_request') return httpOutbound(payload);
  if (type === 'execute_command' && typeof payload['command'] === 'string')
    return commandOutbound(payload['command'], scope);
  return undefined;
}

const HOST_OF_URL = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)/iu;

/**
 * Whether the user's own words name this destination: they typed the address, link or host, or
 * (unless `typedOnly`) every name in the mailbox is a word they used for the person.
 */
function userNamedDestination(destination: string, words: SaidWords, typedOnly: boolean): boolean {
  if (destination.includes('@') && !destination.includes('://')) {
    const address = destination.replace(/^.*<|>$/gu, '').trim();
    return typedOnly ? userTyped(address, words) : userNamedRecipient(address, words);
  }
  if (userTyped(destination, words)) return true;
  const host = HOST_OF_URL.exec(destination)?.[1] ?? destination;
  return host !== '' && (userTyped(host, words) || typedAsLogin(host, words));
}

/** Whether the user typed `someone@host` (a login for scp, rsync or ssh) for this host. */
function typedAsLogin(host: string, words: SaidWords): boolean {
  const login = new RegExp(
    String.raw`@${escapeRegExp(host.toLowerCase())}(?![\p{L}\p{N}_%+-]|\.[\p{L}\p{N}])`,
    'u',
  );
  return login.test(words.lower);
}

/**
 * The destinations of `outbound` that the user's words do not name; with `typedOnly`, only
 * what they typed out counts (a mailbox called after a word they used may be anyone's).
 */
export function unnamedDestinations(
  outbound: Outbound,
  words: SaidWords,
  typedOnly: boolean,
): string[] {
  return outbound.destinations.filter((d) => !userNamedDestination(d, words, typedOnly));
}
