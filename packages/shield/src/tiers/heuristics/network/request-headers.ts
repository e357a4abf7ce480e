import { secretValueIn } from '../content/secrets.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { encodedBlobIn, NETWORK_RULES } from '../rules/network.js';
import { judgeProse } from '../rules/prose.js';

/**
 * A request's headers travel with it like its body: a GET whose headers carry a record, a contact
 * list or an encoded file sends them as surely as a POST. And some headers decide where a request
 * lands or which site a server believes it is (`Host`, `X-Forwarded-Host`, `Forwarded`): naming
 * another host there reaches a site the URL does not show, or makes the server build its links
 * (a password reset's) for someone else's domain.
 */
export const REQUEST_HEADER_RULES = {
  hostOverride: defineRule(
    'network.host_override',
    'block',
    "names another site than the URL's in a header a server routes by or builds its links from",
  ),
  dataInHeaders: defineRule(
    'exfil.data_in_headers',
    'escalate',
    'carries data out in request headers',
  ),
};

/** Headers whose values are protocol tokens (types, languages, validators, ranges), never data. */
const PROTOCOL_HEADERS = new Set([
  'accept',
  'accept-language',
  'accept-encoding',
  'accept-charset',
  'content-type',
  'content-length',
  'cache-control',
  'pragma',
  'if-none-match',
  'if-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
  'connection',
  'dnt',
  'te',
  'upgrade-insecure-requests',
  'authorization',
]);
/** Headers that name the site a request is for. */
const HOST_HEADERS = new Set([
  'host',
  'x-forwarded-host',
  'x-host',
  'x-original-host',
  'x-forwarded-server',
]);
/** A header value longer than this (outside the protocol headers) is data, not a label. */
const LABEL_CHARS = 64;

/** A header whose value may be anything the sender writes (not a protocol token or a host). */
function freeText(name: string): boolean {
  return !PROTOCOL_HEADERS.has(name) && !HOST_HEADERS.has(name);
}

/** A header that carries data rather than a protocol token or a short label. */
function carriesData(name: string, value: string): boolean {
  return freeText(name) && (value.length > LABEL_CHARS || encodedBlobIn(value));
}

/** Whether a request's headers carry data out: it is then a send, whatever its method. */
export function headersCarryData(headers: unknown): boolean {
  if (headers === null || typeof headers !== 'object') return false;
  return Object.entries(headers).some(
    ([name, value]) => typeof value === 'string' && carriesData(name.toLowerCase(), value),
  );
}

function hostOf(value: string): string {
  return value.trim().toLowerCase().replace(/:\d+$/u, '').replace(/\.$/u, '');
}

export function judgeRequestHeaders(headers: unknown, urlHost: string, judge: Judge): void {
  if (headers === null || typeof headers !== 'object') return;
  const findings = judge.findings;
  for (const [rawName, value] of Object.entries(headers)) {
    if (typeof value !== 'string') continue;
    const name = rawName.toLowerCase();
    const secret = secretValueIn(value);
    if (secret !== undefined) findings.add(NETWORK_RULES.sensitiveData, `${secret} in a header`);
    const forwarded = name === 'forwarded' ? /\bhost="?([^";,\s]+)/iu.exec(value)?.[1] : undefined;
    const named = HOST_HEADERS.has(name) ? value : forwarded;
    if (named !== undefined && hostOf(named) !== hostOf(urlHost))
      findings.add(REQUEST_HEADER_RULES.hostOverride, `${rawName}: ${named}`);
    if (!freeText(name) || value.trim() === '') continue;
    judgeProse(value, judge, 'outbound', { weakSecretsEscalate: false });
    if (carriesData(name, value)) findings.add(REQUEST_HEADER_RULES.dataInHeaders, rawName);
  }
}
