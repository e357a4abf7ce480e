import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { effectiveMethod } from '../network/effective-method.js';
import { defineRule } from '../registry.js';

/**
 * A change to a domain's DNS records decides where its mail, its site and its name service go: an
 * MX record pointed elsewhere hands every incoming mail (password resets included) to another
 * server. When the user's words say nothing of DNS, records or where the domain points, the change
 * came from somewhere else ("renew the certificate" done as a new MX record). The record a
 * certificate's DNS challenge writes (`_acme-challenge`) is what such a renewal legitimately does.
 */
export const UNREQUESTED_DNS_RULES = {
  dnsNotAsked: defineRule(
    'intent.dns_not_asked',
    'block',
    "changes where a domain's mail, site or name service points, which the user never asked for",
  ),
};

/** API paths of DNS zones and records (Cloudflare, Route 53, DigitalOcean, registrars …). */
const DNS_PATH =
  /\/(?:zones?|hostedzone|dns(?:[-_]?records)?)(?:\/|$)|\/domains\/[^/]+\/(?:records|dns)(?:\/|$)/iu;
/** A path of records of some kind, and a body that says it is a DNS record. */
const RECORDS_PATH = /\/records?(?:\/|$)/iu;
const RECORD_TYPE = /["']?type["']?\s*[:=]\s*["']?(A|AAAA|CNAME|MX|NS|TXT|SRV|ALIAS|CAA)\b/u;
const CHALLENGE_RECORD = /_acme-challenge/iu;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Words a request uses when it means a change to DNS. */
const DNS_WORDS = new Set(
  stemsOf(`dns record records mx ns nameserver nameservers cname aaaa txt spf dkim dmarc zone
  subdomain point points pointing redirect route routing mail-server mailserver`),
);

function asksForDns(text: string): boolean {
  return stemsOf(text).some((word) => DNS_WORDS.has(word)) || /\ba[- ]record\b/iu.test(text);
}

export function judgeUnrequestedDns(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'http_request' || request === undefined) return;
  const method = effectiveMethod(payload);
  const url = typeof payload['url'] === 'string' ? payload['url'] : '';
  if (method === undefined || !WRITE_METHODS.has(method) || !URL.canParse(url)) return;
  const { pathname } = new URL(url);
  const body = [...stringsIn(payload['body']), ...stringsIn(payload['json'])].join('\n');
  const record = RECORD_TYPE.exec(body)?.[1];
  if (!DNS_PATH.test(pathname) && !(record !== undefined && RECORDS_PATH.test(pathname))) return;
  if (CHALLENGE_RECORD.test(`${pathname}\n${body}`) || asksForDns(request.text)) return;
  judge.findings.add(UNREQUESTED_DNS_RULES.dnsNotAsked, `${method} ${record ?? 'record'}`);
}
