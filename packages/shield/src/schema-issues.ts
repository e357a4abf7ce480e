import type { z } from 'zod';

/** `rules.deny[2].paths` from `['rules', 'deny', 2, 'paths']`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(root)' : out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'unrecognized_keys':
      return 'unknown key';
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

/**
 * One line per problem with the exact key path. Unknown keys are reported at their own path
 * (`rules.deny[0].pathz: unknown key`) so the user sees which key to fix.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) lines.push(`${formatKeyPath([...issue.path, key])}: unknown key`);
      continue;
    }
    lines.push(`${formatKeyPath(issue.path)}: ${describeIssue(issue)}`);
  }
  return lines;
}
