import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { saidWords, userTyped } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { commandsOfAction } from '../shell/parse.js';
import { siteUse } from '../shell/site-admin.js';
import { DOCUMENT_BUILD_RULES } from './document-builds.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * A site run from the command line (WP-CLI, the Shopify CLI). Reading and editing its own content
 * (posts, products, orders, coupons) is the user's routine; code, accounts, settings, deletions and
 * going live are asked about.
 */
export const SITE_ADMIN_RULES = {
  codeChange: defineRule(
    'site.code_change',
    'escalate',
    'installs, updates or runs code on a site (plugins, themes, packages, the core, PHP)',
  ),
  accountChange: defineRule(
    'site.account_change',
    'escalate',
    "creates a site's users or changes their roles, e-mail addresses or passwords",
  ),
  settingsChange: defineRule(
    'site.settings_change',
    'escalate',
    "reads or changes a site's configuration (its database password, payment accounts, where it lives)",
  ),
  dataDeleted: defineRule(
    'site.data_deleted',
    'escalate',
    "deletes a site's content or resets its database",
  ),
  priceNotGiven: defineRule(
    'site.price_not_given',
    'block',
    'sets the prices the user gave and another one they never gave',
  ),
};

export const judgeSiteAdmin: ShellJudge = (facts, _line, judge) => {
  const site = siteUse(facts.cmd);
  if (site === undefined) return;
  const findings = judge.findings;
  switch (site.act) {
    case 'code':
      findings.add(SITE_ADMIN_RULES.codeChange, site.detail);
      return;
    case 'accounts':
      findings.add(SITE_ADMIN_RULES.accountChange, site.detail);
      return;
    case 'settings':
      findings.add(SITE_ADMIN_RULES.settingsChange, site.detail);
      return;
    case 'delete':
      findings.add(SITE_ADMIN_RULES.dataDeleted, site.detail);
      return;
    case 'publish':
      findings.add(DOCUMENT_BUILD_RULES.sitePublish, site.detail);
      return;
    case 'unknown':
      findings.add(SHELL_EXECUTION_RULES.unknownCommand, site.detail);
      return;
    default:
      return;
  }
};

/** `--regular_price=14`, `--sale_price 9.90`, `--price=0.01`. */
const PRICE_OPTION = /^--(?:regular_|sale_)?price(?:=(.*))?$/u;

/**
 * A price update whose other prices are the ones the user gave ("the blue mug to 14 and the white
 * mug to 12") and one more that they never gave (another product at 0.01): that one is not theirs.
 * Prices the user left to the agent to work out ("10% off every mug") are not judged here.
 */
export function judgeSitePrices(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (request === undefined) return;
  const prices: string[] = [];
  for (const cmd of commandsOfAction(type, payload, judge.scope)) {
    if (siteUse(cmd)?.act !== 'content') continue;
    cmd.args.forEach((arg, at) => {
      const option = PRICE_OPTION.exec(arg.text);
      if (option === null) return;
      const value = option[1] ?? cmd.args[at + 1]?.text;
      if (value !== undefined) prices.push(value);
    });
  }
  const words = saidWords(request);
  const given = prices.filter(
    (price) => userTyped(price, words) || userTyped(String(Number(price)), words),
  );
  const other = prices.find((price) => !given.includes(price));
  if (given.length > 0 && other !== undefined)
    judge.findings.add(SITE_ADMIN_RULES.priceNotGiven, other);
}
