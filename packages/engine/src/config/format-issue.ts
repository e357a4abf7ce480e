import type { z } from 'zod';

/** One zod issue as `key.path: problem`, the way a user editing config.yaml thinks of it. */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => (where ? `${where}.${key}` : key));
    return `${keys.join(', ')}: unknown key${keys.length > 1 ? 's' : ''}`;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return `${where || '(top level)'}: expected a mapping of keys to values`;
  }
  return `${where || '(top level)'}: ${issue.message}`;
}
