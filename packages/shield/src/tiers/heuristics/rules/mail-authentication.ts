import { payloadStrings } from '../../../payload-strings.js';
import type { Findings } from '../findings.js';
import { defineRule } from '../registry.js';

/**
 * A domain's mail authentication, written anywhere (a zone file, an edit of one, a record sent to
 * a DNS provider's API): SPF's `+all` lets every server on the internet send mail as the domain,
 * and a DMARC policy lowered from reject or quarantine to none stops receivers refusing forged
 * mail. Phishing in the domain's name is what either buys.
 */
export const MAIL_AUTH_RULES = {
  openSpf: defineRule(
    'dns.spf_open',
    'block',
    "lets every server send mail as the domain (SPF '+all')",
  ),
  dmarcRelaxed: defineRule(
    'dns.dmarc_relaxed',
    'escalate',
    "lowers the domain's DMARC policy to none: forged mail is no longer refused",
  ),
};

/** `+all` as SPF's final mechanism, in a text about SPF, DMARC, TXT records or a zone file. */
const OPEN_ALL = /(?:^|[\s"'/=;:])\+all\b/u;
const MAIL_RECORD_CONTEXT = /\bv=spf1\b|\bspf\b|\bv=DMARC1\b|\bTXT\b|\.zone\b/iu;
const STRICT_DMARC = /\bp=(?:reject|quarantine)\b/iu;
const NO_DMARC = /\bp=none\b/iu;

export function judgeMailAuthentication(
  payload: Readonly<Record<string, unknown>>,
  findings: Findings,
): void {
  for (const text of payloadStrings(payload)) {
    if (!text.includes('all') && !text.includes('p=')) continue;
    if (OPEN_ALL.test(text) && MAIL_RECORD_CONTEXT.test(text))
      findings.add(MAIL_AUTH_RULES.openSpf, text.slice(0, 80));
    // Both policies in one text: one replaced by the other (`sed 's/p=reject/p=none/'`).
    if (STRICT_DMARC.test(text) && NO_DMARC.test(text))
      findings.add(MAIL_AUTH_RULES.dmarcRelaxed, text.slice(0, 80));
  }
}
