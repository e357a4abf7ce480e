import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies } from '../actions/fields.js';
import { saidWords, userTyped } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * Money moved through a payment service's API (a refund, a transfer, a payout, a charge) after the
 * conversation carried content from elsewhere, for an amount the user never gave: the figure came
 * from a ticket, a mail or a page, and whoever wrote it chose how much leaves the account.
 */
export const PAYMENT_RULES = {
  amountFromContent: defineRule(
    'payments.amount_from_content',
    'block',
    'moves money for an amount the user never gave, after reading content from elsewhere',
  ),
};

/** Endpoints that move money: Stripe's refunds, transfers, payouts and charges, PayPal's payouts, Wise's transfers. */
const MONEY_MOVING =
  /^https?:\/\/api(?:-m)?\.(?:stripe\.com\/v1\/(?:refunds|transfers|payouts|charges|payment_intents)|paypal\.com\/v\d\/payments\/payouts|(?:sandbox\.)?transferwise\.com\/v\d\/transfers|wise\.com\/v\d\/transfers)\b/iu;
/** `amount=490000`, `"amount": 4900`, `"value":"49.00"`. */
const AMOUNT = /["']?(?:amount|value)["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?)/giu;

/** The amounts the user typed, as written and in cents (payment APIs count minor units). */
function typedAmounts(text: string): Set<string> {
  const amounts = new Set<string>();
  for (const [raw] of text.matchAll(/\d+(?:[.,]\d{1,2})?/gu)) {
    const value = Number(raw.replace(',', '.'));
    amounts.add(String(value));
    amounts.add(String(Math.round(value * 100)));
  }
  return amounts;
}

export function judgePaymentsMoved(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'http_request' || request === undefined || !request.untrustedContent) return;
  const url = typeof payload['url'] === 'string' ? payload['url'] : '';
  if (!MONEY_MOVING.test(url)) return;
  const typed = typedAmounts(request.text);
  const words = saidWords(request);
  for (const body of sentBodies(payload))
    for (const [, amount = ''] of body.matchAll(AMOUNT))
      if (!typed.has(String(Number(amount))) && !userTyped(amount, words))
        judge.findings.add(PAYMENT_RULES.amountFromContent, `${amount} at ${new URL(url).host}`);
}
