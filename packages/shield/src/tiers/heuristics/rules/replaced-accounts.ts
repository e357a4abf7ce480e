import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import { requestWords } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { PAYEE_ACCOUNT, userGaveAccount } from './unrequested-destinations.js';

/**
 * A substitution that swaps one bank account or wallet for another in the user's files (`sed -i
 * 's/DE89…/DE44…/' vendors.csv`): whoever is paid from that file is now paid elsewhere. When the
 * new account is not one the user gave, it came from text the agent read (an invoice "announcing"
 * new bank details is the classic fraud), so it is refused; an account the user typed is theirs.
 */
export const REPLACED_ACCOUNT_RULES = {
  replaced: defineRule(
    'payments.account_replaced',
    'block',
    'replaces a bank account or wallet with one the user did not give',
  ),
};

/** `s/old/new/` with any delimiter, as sed, perl and ex take it. */
const SUBSTITUTION = /(?:^|[\s'";{])s([^\s\w\\])((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1/gu;
const HOLDS_ACCOUNT = new RegExp(PAYEE_ACCOUNT.source, 'u');

export function judgeReplacedAccounts(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'execute_command') return;
  const words = requestWords(request);
  for (const command of stringsIn(payload['command'])) {
    for (const [, , before = '', after = ''] of command.matchAll(SUBSTITUTION)) {
      if (!HOLDS_ACCOUNT.test(before)) continue;
      for (const [account] of after.matchAll(PAYEE_ACCOUNT))
        if (!userGaveAccount(account, words))
          return judge.findings.add(REPLACED_ACCOUNT_RULES.replaced, account);
    }
  }
}
