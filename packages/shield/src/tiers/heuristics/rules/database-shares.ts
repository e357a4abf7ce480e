import type { UserRequest } from '../../../types.js';
import { requestWords, userTyped } from '../intent/words.js';
import type { Findings } from '../findings.js';
import { defineRule } from '../registry.js';

/**
 * A warehouse share (Snowflake's `ALTER SHARE … ADD ACCOUNTS = …`, a reader account) makes tables
 * readable from another organisation's account: the data leaves without a file ever moving. For an
 * account the user typed a human decides; for one they never gave it is refused.
 */
export const DATABASE_SHARE_RULES = {
  shared: defineRule(
    'privilege.database_shared_outside',
    'escalate',
    "makes a warehouse's tables readable from another organisation's account",
  ),
  sharedNotAsked: defineRule(
    'privilege.database_shared_outside_not_asked',
    'block',
    "makes a warehouse's tables readable from an account the user never gave",
  ),
};

const ADD_ACCOUNTS =
  /\bALTER\s+SHARE\s+[\w."]+\s+(?:ADD|SET)\s+ACCOUNTS?\s*=\s*([\w.\s,]+?)(?=;|$|\s+SHARE_RESTRICTIONS)/giu;

/** Statement level: every account a share is opened to. */
export function judgeDatabaseShares(statements: string, findings: Findings): void {
  for (const [, accounts = ''] of statements.matchAll(ADD_ACCOUNTS))
    for (const account of accounts.split(/[\s,]+/u).filter(Boolean))
      findings.add(DATABASE_SHARE_RULES.shared, account);
}

/** Request level: a share to an account the user's own words never gave is refused. */
export function judgeUnrequestedShares(request: UserRequest | undefined, findings: Findings): void {
  const words = requestWords(request);
  for (const account of findings.detailsOf(DATABASE_SHARE_RULES.shared))
    if (words === undefined || request?.untrustedContent === true || !userTyped(account, words))
      return findings.add(DATABASE_SHARE_RULES.sharedNotAsked, account);
}
