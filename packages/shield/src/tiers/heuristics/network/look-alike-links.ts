import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { alternation } from '../text/word-list.js';

/**
 * A mail to people of one organisation that links them, about their password or sign-in, to a
 * site wearing that organisation's name on someone else's domain (`acme-login.verify.example` for
 * staff at `acme.example.com`). An organisation's own pages live under its own domain; a name
 * borrowed in front of another is how a credential-harvesting page passes a glance.
 */
export const LOOK_ALIKE_LINK_RULES = {
  lookAlikeLink: defineRule(
    'email.look_alike_link',
    'block',
    "links its readers, about their sign-in, to a site named like their organisation's on another domain",
  ),
};

/** Labels that name no organisation: registries, mail hosts, the documentation domains. */
const GENERIC_LABELS = new Set(
  `com net org edu gov mil int info biz co io app dev www mail email smtp mx web my
  example test invalid localhost local`.split(/\s+/u),
);

const SIGN_IN_WORDS = [
  /passw(?:or)?ds?/u,
  /log[- ]?in/u,
  /sign[- ]?in/u,
  /credentials?/u,
  /verif(?:y|ication)/u,
  /account/u,
];
const ABOUT_SIGN_IN = new RegExp(String.raw`\b(?:${alternation(SIGN_IN_WORDS)})\b`, 'iu');
const LINK_HOST = /\bhttps?:\/\/(?:[^\s/@?#]*@)?([a-z0-9.-]+)/giu;

/** The names an organisation's domain carries: `acme` for `mail.acme.example.com` (3+ letters). */
function organisationNames(domain: string): string[] {
  return domain
    .toLowerCase()
    .split('.')
    .filter((label) => label.length >= 3 && !GENERIC_LABELS.has(label));
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The organisation's name as another host wears it: joined to other words in one label
 * (`acme-login`), or the organisation's whole domain put in front of another (`globex.com.portal.
 * example.net`). A label that is the name alone is how services give an organisation its own
 * address (`acme.okta.com`, `acme.slack.com`) and is not counted.
 */
function wornName(
  host: string,
  names: ReadonlySet<string>,
  domains: readonly string[],
): string | undefined {
  for (const label of host.split('.')) {
    if (names.has(label)) continue;
    const joined = label.split('-').find((token) => names.has(token));
    if (joined !== undefined) return joined;
  }
  const front = domains.find((domain) => host.startsWith(`${domain.toLowerCase()}.`));
  return front;
}

/** Judges a mail's `texts` (subject, body) against its recipients' `domains`. */
export function judgeLookAlikeLinks(
  domains: readonly string[],
  texts: readonly string[],
  judge: Judge,
): void {
  const names = new Set(domains.flatMap(organisationNames));
  if (names.size === 0) return;
  for (const text of texts) {
    if (!ABOUT_SIGN_IN.test(text)) continue;
    for (const [, rawHost = ''] of text.matchAll(LINK_HOST)) {
      const host = rawHost.toLowerCase().replace(/\.$/u, '');
      if (domains.some((domain) => within(host, domain.toLowerCase()))) continue;
      const worn = wornName(host, names, domains);
      if (worn !== undefined)
        return judge.findings.add(LOOK_ALIKE_LINK_RULES.lookAlikeLink, `${host} (${worn})`);
    }
  }
}
