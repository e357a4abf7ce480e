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
  /** `mayMatch` says which commands some command pattern of the policy could match at all. */
  matches(facts: ActionFacts, workspace: string | undefined, mayMatch: CommandScan): boolean;
}

/** Whether `command` could match any command pattern of the policy (false: none matches it). */
export type CommandScan = (command: string) => boolean;

/** Group references would point at the wrong group once the patterns are joined. */
const GROUP_REFERENCE = /\\[1-9]|\\k<|\(\?<[A-Za-z_$]/u;

/**
 * One scan for all of a policy's command patterns, per command: a command the combined pattern
 * misses matches none of them, so rules skip their own patterns. Patterns that cannot be joined
 * (group references) turn the scan off: every command may then match.
 */
export function commandScanner(patterns: readonly string[]): (commands: readonly string[]) => CommandScan {
  const everything: CommandScan = () => true;
  if (patterns.length === 0 || patterns.some((p) => GROUP_REFERENCE.test(p))) return () => everything;
  let union: RegExp;
  try {
    union = new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'u');
  } catch {
    return () => everything;
  }
  const nothing: CommandScan = () => false;
  return (commands) => {
    // Rules only ever ask about these commands: for one command, one answer serves every question.
    if (commands.length === 0) return nothing;
    if (commands.length === 1) return union.test(commands[0] ?? '') ? everything : nothing;
    const hits = new Set(commands.filter((command) => union.test(command)));
    return (command) => hits.has(command);
  };
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
  const dotted = suffixes.map((suffix) => `.${suffix}`);
  return (host) => {
    for (let i = 0; i < suffixes.length; i++) if (host === suffixes[i] || host.endsWith(dotted[i] ?? '')) return true;
    return false;
  };
}

/** Shell control characters: an allow rule never vouches for a compound command. */
const SHELL_COMPOUND = /[;&|`<>\n\r]|\$\(/u;

/** Without a known workspace nothing is inside it: fail closed. */
function isInside(path: string, workspace: string | undefined): boolean {
  if (workspace === undefined) return false;
  return path === workspace || path.startsWith(workspace.endsWith('/') ? workspace : `${workspace}/`);
}

/** `test` gets `context` as its second argument, so checks need no closure per evaluation. */
function quantify<T, C>(values: readonly T[], test: (value: T, context: C) => boolean, quantifier: Quantifier, context: C): boolean {
  if (values.length === 0) return false;
  if (quantifier === 'any') {
    for (const value of values) if (test(value, context)) return true;
    return false;
  }
  for (const value of values) if (!test(value, context)) return false;
  return true;
}

const outside = (path: string, workspace: string | undefined): boolean => !isInside(path, workspace);

export function compileRule(rule: PolicyRuleSpec, home: string, quantifier: Quantifier): RuleMatcher {
  const checks: Array<(facts: ActionFacts, workspace: string | undefined, mayMatch: CommandScan) => boolean> = [];
  if (rule.actions !== undefined) {
    const any = rule.actions.includes(ANY_ACTION);
    const unknown = rule.actions.includes(UNKNOWN_ACTION);
    const types = new Set(rule.actions.map((name) => canonicalActionType(name)).filter((t) => t !== undefined));
    checks.push((facts) => any || (facts.type === undefined ? unknown : types.has(facts.type)));
  }
  if (rule.except_actions !== undefined) {
    const excepted = new Set(rule.except_actions.map((name) => canonicalActionType(name)));
    checks.push((facts) => facts.type === undefined || !excepted.has(facts.type));
  }
  if (rule.paths !== undefined) {
    const forWorkspace = compilePathGlobs(rule.paths, home);
    checks.push((facts, workspace) => quantify(facts.paths, forWorkspace(workspace), quantifier, undefined));
  }
  if (rule.commands !== undefined) {
    const patterns = rule.commands.map((p) => new RegExp(p, 'u'));
    const matchesCommand = (command: string, mayMatch: CommandScan): boolean => {
      if ((quantifier === 'all' && SHELL_COMPOUND.test(command)) || !mayMatch(command)) return false;
      for (const pattern of patterns) if (pattern.test(command)) return true;
      return false;
    };
    checks.push((facts, _workspace, mayMatch) => quantify(facts.commands, matchesCommand, quantifier, mayMatch));
  }
  if (rule.hosts !== undefined) {
    const test = hostMatcher(rule.hosts);
    checks.push((facts) => quantify(facts.hosts, test, quantifier, undefined));
  }
  if (rule.email_domains !== undefined) {
    const test = hostMatcher(rule.email_domains);
    checks.push((facts) => quantify(facts.emailDomains, test, quantifier, undefined));
  }
  if (rule.outside_workspace === true) {
    checks.push((facts, workspace) => quantify(facts.paths, outside, quantifier, workspace));
  }
  return {
    id: rule.id,
    reason: rule.reason,
    matches: (facts, workspace, mayMatch) => {
      for (const check of checks) if (!check(facts, workspace, mayMatch)) return false;
      return true;
    },
  };
}
