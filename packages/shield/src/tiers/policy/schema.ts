import { z } from 'zod';
import { canonicalActionType } from '../../action-types.js';

/** Extra action selectors besides known types and their aliases. */
export const ANY_ACTION = '*';
export const UNKNOWN_ACTION = 'unknown';

const nonEmptyList = <T extends z.ZodType>(item: T) => z.array(item).min(1);

const actionName = z.string().refine(
  (name) => name === ANY_ACTION || name === UNKNOWN_ACTION || canonicalActionType(name) !== undefined,
  { message: 'unknown action type (use a known type, an alias, "unknown" or "*")' },
);

/** A known type or alias: an exception never covers an unknown action (fail closed). */
const knownActionName = z.string().refine((name) => canonicalActionType(name) !== undefined, {
  message: 'unknown action type (use a known type or an alias)',
});

const pathGlob = z
  .string()
  .min(1)
  .refine((glob) => /^(\/|~(\/|$)|\{workspace\}(\/|$)|\*\*\/)/.test(glob), {
    message: 'path globs must start with "/", "~", "{workspace}" or "**/"',
  });

const commandPattern = z.string().min(1).refine(
  (pattern) => {
    try {
      new RegExp(pattern, 'u');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

const HOST = /^(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\])$/;
const host = z.string().refine((value) => HOST.test(value), {
  message: 'expected a lowercase host name, IP address or "*"',
});

/** What a rule looks at. Every listed criterion must match; within one criterion any entry may. */
const matchFields = {
  id: z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, 'ids are lowercase letters, digits, "_", "." and "-"'),
  reason: z.string().min(1),
  actions: nonEmptyList(actionName).optional(),
  /** Every action but these (unknown actions included): "the folder may be listed, nothing else". */
  except_actions: nonEmptyList(knownActionName).optional(),
  paths: nonEmptyList(pathGlob).optional(),
  commands: nonEmptyList(commandPattern).optional(),
  hosts: nonEmptyList(host).optional(),
  email_domains: nonEmptyList(host).optional(),
  /** Matches paths outside the workspace (every path, when the workspace is unknown). */
  outside_workspace: z.literal(true).optional(),
};

const CRITERIA = ['actions', 'except_actions', 'paths', 'commands', 'hosts', 'email_domains', 'outside_workspace'] as const;
const hasCriterion = (rule: Partial<Record<(typeof CRITERIA)[number], unknown>>) =>
  CRITERIA.some((key) => rule[key] !== undefined);

const criterionMessage = { message: `a rule needs at least one of ${CRITERIA.join(', ')}` };

const denyRule = z.strictObject(matchFields).refine(hasCriterion, criterionMessage);
const allowRule = z.strictObject(matchFields).refine(hasCriterion, criterionMessage);
const escalateRule = z
  .strictObject({
    ...matchFields,
    /** Lowest tier that may clear the action: 2 = the LLM evaluator, 3 (default) = a human. */
    min_tier: z.union([z.literal(2), z.literal(3)]).default(3),
  })
  .refine(hasCriterion, criterionMessage);

export const policyFileSchema = z
  .strictObject({
    version: z.literal(1),
    name: z.string().min(1),
    description: z.string().optional(),
    /** Lowest tier that may ALLOW an action no rule matched. */
    unmatched_min_tier: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    rules: z.strictObject({
      deny: z.array(denyRule).default([]),
      escalate: z.array(escalateRule).default([]),
      allow: z.array(allowRule).default([]),
    }),
  })
  .superRefine((policy, ctx) => {
    const seen = new Set<string>();
    for (const list of ['deny', 'escalate', 'allow'] as const) {
      policy.rules[list].forEach((rule, index) => {
        if (seen.has(rule.id)) {
          ctx.addIssue({ code: 'custom', path: ['rules', list, index, 'id'], message: `duplicate rule id "${rule.id}"` });
        }
        seen.add(rule.id);
      });
    }
  });

export type PolicyFile = z.output<typeof policyFileSchema>;
export type PolicyRuleSpec = PolicyFile['rules']['deny'][number];
export type EscalateRuleSpec = PolicyFile['rules']['escalate'][number];
