import type { ActionFacts } from './facts.js';
import { globTest, type PathTest } from './glob-test.js';
import { canonicalActionType } from '../../action-types.js';
import { ANY_ACTION, UNKNOWN_ACTION, type PolicyRuleSpec } from './schema.js';

/**
 * How many values of a criterion must match. Deny and escalate rules fire when ANY value matches
 * (one credential path is enough to refuse); allow rules only when ALL values match (an action
 * touching one allowed and one unknown host is not allowed by that rule).
 */
export type Quantifier = 'any' | 'all';

export interface RuleMatcher {
  readonly id: string;
  readonly reason: string;
  matches(facts: ActionFacts, workspace: string | undefined): boolean;
}

const GLOB_SPECIAL = /[*?[\]{}()!+@\\]/gu;
const escapeGlob = (literal: string) => literal.replace(GLOB_SPECIAL, '\\$&');

/** Globs with `{workspace}` depend on the evaluation's workspace: compiled per workspace, cached. */
function compilePathGlobs(globs: readonly string[], home: string): (workspace: string | undefined) => PathTest {
  const expanded = globs.map((glob) => (glob.startsWith('~') ? escapeGlob(home) + glob.slice(1) : glob));
  const usesWorkspace = expanded.some((glob) => glob.startsWith('{workspace}'));
  const build = (workspace: string | undefined): PathTest => {
    const concrete = expanded.flatMap((glob) => {
      if (!glob.startsWith('{workspace}')) return [glob];
      return workspace === undefined ? [] : [escapeGlob(workspace) + glob.slice('{workspace}'.length)];
    });
    if (concrete.length === 0) return () => false;
    return globTest(concrete);
  };
  if (!usesWorkspace) {
    const test = build(undefined);
    return () => test;
  }
  const cache = new Map<string, PathTest>();
  return (workspace) => {
    const key = workspace ?? '';
    let test = cache.get(key);
    if (test === undefined) {
      test = build(workspace);
      if (cache.size > 64) cache.clear();
      cache.set(key, test);
    }
    return test;
  };
}

/** `example.com` matches itself and every subdomain; `*` matches every host. */
function hostMatcher(patterns: readonly string[]): (host: string) => boolean {
  const suffixes = patterns.map((p) => p.replace(/^\*\./u, ''));
  if (suffixes.includes('*')) return () => true;
  return (host) => suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Shell control characters: an allow rule never vouches for a compound command. */
const SHELL_COMPOUND = /[;&|`<>\n\r]|\$\(/u;

/** Without a known workspace nothing is inside it: fail closed. */
function isInside(path: string, workspace: string | undefined): boolean {
  if (workspace === undefined) return false;
  return path === workspace || path.startsWith(workspace.endsWith('/') ? workspace : `${workspace}/`);
}

function quantify<T>(values: readonly T[], test: (value: T) => boolean, quantifier: Quantifier): boolean {
  if (values.length === 0) return false;
  return quantifier === 'any' ? values.some(test) : values.every(test);
}

export function compileRule(rule: PolicyRuleSpec, home: string, quantifier: Quantifier): RuleMatcher {
  const checks: Array<(facts: ActionFacts, workspace: string | undefined) => boolean> = [];
  if (rule.actions !== undefined) {
    const any = rule.actions.includes(ANY_ACTION);
    const unknown = rule.actions.includes(UNKNOWN_ACTION);
    const types = new Set(rule.actions.map((name) => canonicalActionType(name)).filter((t) => t !== undefined));
    checks.push((facts) => any || (facts.type === undefined ? unknown : types.has(facts.type)));
  }
  if (rule.paths !== undefined) {
    const forWorkspace = compilePathGlobs(rule.paths, home);
    checks.push((facts, workspace) => quantify(facts.paths, forWorkspace(workspace), quantifier));
  }
  if (rule.commands !== undefined) {
    const patterns = rule.commands.map((p) => new RegExp(p, 'u'));
    const matchesCommand = (command: string) =>
      (quantifier === 'any' || !SHELL_COMPOUND.test(command)) && patterns.some((re) => re.test(command));
    checks.push((facts) => quantify(facts.commands, matchesCommand, quantifier));
  }
  if (rule.hosts !== undefined) {
    const test = hostMatcher(rule.hosts);
    checks.push((facts) => quantify(facts.hosts, test, quantifier));
  }
  if (rule.email_domains !== undefined) {
    const test = hostMatcher(rule.email_domains);
    checks.push((facts) => quantify(facts.emailDomains, test, quantifier));
  }
  if (rule.outside_workspace === true) {
    checks.push((facts, workspace) => quantify(facts.paths, (path) => !isInside(path, workspace), quantifier));
  }
  return {
    id: rule.id,
    reason: rule.reason,
    matches: (facts, workspace) => checks.every((check) => check(facts, workspace)),
  };
}
