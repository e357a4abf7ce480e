import type { z } from 'zod';

/**
 * `rules.deny.2.paths` from `['rules', 'deny', 2, 'paths']`: the dot path `parapet config set`
 * takes, used for every file a user edits (config.yaml, policies, corpora, manifests).
 */
function formatKeyPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(top level)' : path.map(String).join('.');
}

/**
 * Plain wording for zod's own messages, passed to `safeParse(input, { error: issueMessages })`.
 * A message the schema sets itself wins over it (zod's precedence), so a key keeps its own hint.
 */
export const issueMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'object' ? 'expected a mapping of keys to values' : `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return undefined;
  }
};

/**
 * One line per problem, `key.path: problem`. Unknown keys are reported one by one at their own
 * path (`rules.deny.0.pathz: unknown key`) so the user sees which key to fix.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `${formatKeyPath([...issue.path, key])}: unknown key`)
      : [`${formatKeyPath(issue.path)}: ${issue.message}`],
  );
}
