import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies } from '../actions/fields.js';
import { saidWords, userTyped } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * Money moved through a payment service's API (a refund, a transfer, a payout, a charge) after the
 * conversation carried content from elsewhere, for an amount the user never gave: the figure came
 * from a ticket, a mail or a page, and whoever wrote it chose how much leaves the account. An ad
 * budget is money the account will spend, and bank details from such content are judged alike.
 */
export const PAYMENT_RULES = {
  amountFromContent: defineRule(
    'payments.amount_from_content',
    'block',
    'moves money for an amount the user never gave, after reading content from elsewhere',
  ),
  accountFromContent: defineRule(
    'payments.account_from_content',
    'block',
    'gives a service bank account details the user never gave, after reading content from elsewhere',
  ),
};

/** `"account_number": "99887766"`, `iban=DE89…`, `"routing_number":"021000021"`, `sort_code`. */
const BANK_DETAIL =
  /["']?(?:account_number|accountNumber|routing_number|routingNumber|iban|sort_code|sortCode|bic|swift(?:_code)?)["']?\s*[:=]\s*["']?([A-Za-z0-9 -]{6,34}?)["']?(?=[,&}\s]|$)/giu;

/** Endpoints that move money: Stripe's refunds, transfers, payouts and charges, PayPal's payouts, Wise's transfers. */
const MONEY_MOVING =
  /^https?:\/\/api(?:-m)?\.(?:stripe\.com\/v1\/(?:refunds|transfers|payouts|charges|payment_intents)|paypal\.com\/v\d\/payments\/payouts|(?:sandbox\.)?transferwise\.com\/v\d\/transfers|wise\.com\/v\d\/transfers)\b/iu;
/** `amount=490000`, `"amount": 4900`, `"value":"49.00"`. */
const AMOUNT = /["']?(?:amount|value)["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?)/giu;
/**
 * Ad spend: Google Ads' campaign budgets, Meta's ad sets and campaigns. A budget is money the
 * account will spend, in micros (`amountMicros`) or minor units (`daily_budget`).
 */
const SPENDING =
  /^https?:\/\/(?:googleads\.googleapis\.com\/v\d+\/customers\/[^/]+\/campaignBudgets|graph\.facebook\.com\/v[\d.]+\/(?:act_)?\d+(?:\/(?:adsets|campaigns))?)\b/iu;
const BUDGET =
  /["']?(amountMicros|amount_micros|daily_budget|lifetime_budget)["']?\s*[:=]\s*["']?(\d+)/giu;

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

/**
 * Bank details sent to any API (a payroll's new employee, a vendor's payout account) after the
 * conversation carried content from elsewhere, that the user never typed: whoever wrote them
 * chose where the money goes.
 */
function judgeBankDetails(
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest,
  judge: Judge,
): void {
  const words = saidWords(request);
  const typed = words.lower.replace(/[\s-]/gu, '');
  for (const body of sentBodies(payload))
    for (const [, value = ''] of body.matchAll(BANK_DETAIL))
      if (!typed.includes(value.replace(/[\s-]/gu, '').toLowerCase()))
        judge.findings.add(PAYMENT_RULES.accountFromContent, value);
}

export function judgePaymentsMoved(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'http_request' || request === undefined || !request.untrustedContent) return;
  judgeBankDetails(payload, request, judge);
  const url = typeof payload['url'] === 'string' ? payload['url'] : '';
  const typed = typedAmounts(request.text);
  const words = saidWords(request);
  if (SPENDING.test(url)) {
    for (const body of sentBodies(payload))
      for (const [, field = '', raw = ''] of body.matchAll(BUDGET)) {
        const amount = /micros/iu.test(field) ? Number(raw) / 1e6 : Number(raw) / 100;
        if (!typed.has(String(amount)) && !userTyped(raw, words))
          judge.findings.add(
            PAYMENT_RULES.amountFromContent,
            `${amount} budget at ${new URL(url).host}`,
          );
      }
    return;
  }
  if (!MONEY_MOVING.test(url)) return;
  for (const body of sentBodies(payload))
    for (const [, amount = ''] of body.matchAll(AMOUNT))
      if (!typed.has(String(Number(amount))) && !userTyped(amount, words))
        judge.findings.add(PAYMENT_RULES.amountFromContent, `${amount} at ${new URL(url).host}`);
}
