import type { PathContext } from '../../paths.js';
import type { Tier } from '../../types.js';
import { extractFacts } from './facts.js';
import { commandScanner, compileRule, type RuleMatcher } from './rule-matcher.js';
import type { PolicyFile } from './schema.js';

export interface PolicyRuleRef {
  readonly id: string;
  readonly reason: string;
}

/** What tier 0 concluded: refuse now, demand a higher tier, or let the next tiers judge. */
export type PolicyOutcome =
  | { readonly kind: 'deny'; readonly rule: PolicyRuleRef }
  | { readonly kind: 'escalate'; readonly rule: PolicyRuleRef; readonly minTier: Tier }
  | { readonly kind: 'allow'; readonly rule: PolicyRuleRef }
  /** One of the user's durable grants (ports: UserGrants) allows the action. */
  | { readonly kind: 'grant'; readonly rule: PolicyRuleRef }
  | { readonly kind: 'unmatched'; readonly minTier: Tier };

export interface CompiledPolicy {
  readonly name: string;
  readonly description: string;
  /** The file it came from (absolute), or `<inline>`. */
  readonly source: string;
  readonly unmatchedMinTier: Tier;
  evaluate(
    action: { readonly type: string; readonly payload: Readonly<Record<string, unknown>> },
    context: PathContext,
  ): PolicyOutcome;
}

const ref = (rule: RuleMatcher): PolicyRuleRef => ({ id: rule.id, reason: rule.reason });

/** Compiles a validated policy once: globs, regexes and host lists are built here, not per action. */
export function compilePolicy(file: PolicyFile, options: { readonly home: string; readonly source: string }): CompiledPolicy {
  const deny = file.rules.deny.map((rule) => compileRule(rule, options.home, 'any'));
  const escalate = file.rules.escalate.map((rule) => ({
    matcher: compileRule(rule, options.home, 'any'),
    minTier: rule.min_tier as Tier,
  }));
  const allow = file.rules.allow.map((rule) => compileRule(rule, options.home, 'all'));
  const unmatchedMinTier = file.unmatched_min_tier as Tier;
  const scanCommands = commandScanner([...file.rules.deny, ...file.rules.escalate, ...file.rules.allow].flatMap((rule) => rule.commands ?? []));
  return {
    name: file.name,
    description: file.description ?? '',
    source: options.source,
    unmatchedMinTier,
    evaluate(action, context) {
      const facts = extractFacts(action, context);
      const workspace = context.workspace;
      const mayMatch = scanCommands(facts.commands);
      for (const rule of deny) if (rule.matches(facts, workspace, mayMatch)) return { kind: 'deny', rule: ref(rule) };
      for (const { matcher, minTier } of escalate) {
        if (matcher.matches(facts, workspace, mayMatch)) return { kind: 'escalate', rule: ref(matcher), minTier };
      }
      for (const rule of allow) if (rule.matches(facts, workspace, mayMatch)) return { kind: 'allow', rule: ref(rule) };
      return { kind: 'unmatched', minTier: unmatchedMinTier };
    },
  };
}
