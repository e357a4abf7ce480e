import type { Rule } from '../registry.js';
import { REMOTE_SOURCE_RULES } from '../rules/shell-remote-sources.js';
import type { Waivers } from './waivers.js';
import { stemsOf, userSaid, userSaidStem, userTyped, type SaidWords } from './words.js';

/**
 * The code-host changes a request may name in full: a workflow run, a run re-run, a secret or a
 * variable set. Keys, logins, merges past protection and raw API calls give standing access or
 * reach anywhere, and are never settled by naming them.
 */
const NAMEABLE = /^(?:workflow run|run rerun|secret set|variable set)$/u;

/** Whether the user named this value: typed it, or said every word of its name (`nightly.yml`). */
function named(value: string, words: SaidWords): boolean {
  if (userTyped(value, words)) return true;
  const bare = value.replace(/\.[a-z0-9]{1,5}$/iu, '');
  const parts = stemsOf(bare);
  return parts.some((part) => part.length >= 3) && parts.every((part) => userSaidStem(part, words));
}

/**
 * A code-host change the user named in full ("re-trigger the nightly workflow on main" for `gh
 * workflow run nightly.yml --ref main`, "add the DSN in sentry-dsn.txt as the SENTRY_DSN secret on
 * acme/web" for `gh secret set SENTRY_DSN --repo acme/web < sentry-dsn.txt`): the kind of thing
 * changed is one they said, and every name and value on the line is theirs. Options are how; a
 * field (`-f env=staging`) counts by its value.
 */
export function codeHostWaivers(words: SaidWords): Waivers {
  const settles = (detail: string): boolean => {
    const [cli, group = '', verb = '', ...rest] = detail.trim().split(/\s+/u);
    if ((cli !== 'gh' && cli !== 'glab') || !NAMEABLE.test(`${group} ${verb}`)) return false;
    if (!userSaid(group, words)) return false;
    return rest.every((word) => {
      if (word.startsWith('-'))
        return !word.includes('=') || named(word.slice(word.indexOf('=') + 1), words);
      const field = word.indexOf('=');
      return named(field === -1 ? word : word.slice(field + 1), words);
    });
  };
  return {
    rules: new Set<Rule>(),
    settledFindings: new Map([[REMOTE_SOURCE_RULES.codeHostChange, settles]]),
    requestedByUser: false,
  };
}
