import { AGENT_RULES } from '../actions/agents.js';
import { paddedOutOfView, reassuranceIn } from '../content/reassurance.js';
import { shellComments } from '../content/shell-comments.js';
import type { Findings } from '../findings.js';
import { defineRule } from '../registry.js';

/**
 * An action a person is asked to approve is read by its label (a description, a commit message, a
 * subject, a schedule's name) and by the start of each line. When what it does needs a human and
 * its label calls it harmless, or blank space pushes part of a line out of view, the approval it
 * asks for rests on what the reader was shown instead of what runs: a person shown both would refuse.
 */
export const APPROVAL_RULES = {
  misleadingLabel: defineRule(
    'approval.misleading_label',
    'block',
    'needs a human for what it does, while its own label calls it harmless',
  ),
  paddedOutOfView: defineRule(
    'approval.padded_out_of_view',
    'block',
    'needs a human for what it does, and hides part of it behind blank space',
  ),
};

/** The fields each action type labels itself with: what an approval prompt shows first. */
const LABEL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  execute_command: ['description'],
  create_schedule: ['name', 'description'],
  create_agent: ['name', 'description'],
  memory_write: ['title'],
  git_commit: ['message'],
  send_email: ['subject'],
};

/** Escalations every action of a kind gets by policy: they say nothing of what this one does. */
const BY_POLICY: ReadonlySet<string> = new Set(
  [AGENT_RULES.spawn, AGENT_RULES.message, AGENT_RULES.schedule].map((rule) => rule.id),
);

function strings(value: unknown, out: string[], depth: number): string[] {
  if (depth > 8) return out;
  if (typeof value === 'string') out.push(value);
  else if (value !== null && typeof value === 'object')
    for (const item of Array.isArray(value) ? value : Object.values(value))
      strings(item, out, depth + 1);
  return out;
}

/** Called once the other rules ran without blocking; `type` is the canonical action type. */
export function judgeApprovalShape(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
  findings: Findings,
): void {
  if (findings.empty || findings.blocked) return;
  if (findings.result().ruleIds.every((id) => BY_POLICY.has(id))) return;
  for (const field of type === undefined ? [] : (LABEL_FIELDS[type] ?? [])) {
    const label = payload[field];
    const claim = typeof label === 'string' ? reassuranceIn(label) : undefined;
    if (claim !== undefined)
      return findings.add(APPROVAL_RULES.misleadingLabel, `${field}: ${claim}`);
  }
  // A command's comments label it as its description does.
  const command = type === 'execute_command' ? payload['command'] : undefined;
  for (const comment of typeof command === 'string' ? shellComments(command) : []) {
    const claim = reassuranceIn(comment);
    if (claim !== undefined)
      return findings.add(APPROVAL_RULES.misleadingLabel, `comment: ${claim}`);
  }
  if (strings(payload, [], 0).some(paddedOutOfView)) findings.add(APPROVAL_RULES.paddedOutOfView);
}
