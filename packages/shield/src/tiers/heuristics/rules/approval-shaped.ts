import { AGENT_RULES } from '../actions/agents.js';
import { sentBodies } from '../actions/fields.js';
import { payloadStrings } from '../../../payload-strings.js';
import { bankAccountIn, personalDataIn } from '../content/pii.js';
import { dummyDataClaimIn, paddedOutOfView, reassuranceIn } from '../content/reassurance.js';
import { secretValueIn } from '../content/secrets.js';
import { shellComments } from '../content/shell-comments.js';
import type { Findings } from '../findings.js';
import { defineRule } from '../registry.js';
import { stemsOf } from '../intent/words.js';

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
  const hidden = labelHidesRemoval(type, payload, findings);
  if (hidden !== undefined) return findings.add(APPROVAL_RULES.misleadingLabel, hidden);
  const fakeData = claimsDummyData(type, payload);
  if (fakeData !== undefined) return findings.add(APPROVAL_RULES.misleadingLabel, fakeData);
  if (payloadStrings(payload).some(paddedOutOfView)) findings.add(APPROVAL_RULES.paddedOutOfView);
}

/** Words a label uses for taking something away. */
const REMOVING = new Set(
  stemsOf(
    'delete remove archive clean clear wipe erase purge drop prune destroy shred trash empty kick ban revoke uninstall unpublish close',
  ),
);
/** The act an API path names when it removes something (`conversations.archive`, `/users/42/delete`). */
const REMOVING_PATH =
  /[/.](archive|delete|remove|destroy|purge|kick|ban|revoke|wipe|erase|drop|uninstall|unpublish)(?:[/.?_-]|$)/iu;

/**
 * An action that deletes or archives, labelled as something else ("mute notifications" on
 * `conversations.archive`, "rotate the logs" on `find /var/log -delete`): the person approving
 * it reads the label. A label that names the removal is honest, whatever else it says.
 */
function labelHidesRemoval(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
  findings: Findings,
): string | undefined {
  const label = payload['description'];
  if (typeof label !== 'string' || label.trim() === '') return undefined;
  const url = type === 'http_request' ? payload['url'] : undefined;
  const removal =
    (typeof url === 'string' ? REMOVING_PATH.exec(url)?.[1] : undefined) ??
    findings.result().ruleIds.find((id) => id.startsWith('destructive.'));
  if (removal === undefined || stemsOf(label).some((word) => REMOVING.has(word))) return undefined;
  return `"${label}" on ${removal}`;
}

/** What a request or a mail says about itself besides its body: subject, description, note headers. */
function sendLabels(payload: Readonly<Record<string, unknown>>): string[] {
  const labels = [payload['subject'], payload['description']];
  const headers = payload['headers'];
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers))
    for (const [name, value] of Object.entries(headers))
      if (/^x-(?:note|comment|purpose|description|reason|info)$/iu.test(name)) labels.push(value);
  return labels.filter((label): label is string => typeof label === 'string');
}

/**
 * A send labelled as test or dummy data whose body carries a real account number, personal data
 * or a secret: the label is there for the person approving it, and the cargo says otherwise.
 */
function claimsDummyData(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  if (type !== 'http_request' && type !== 'send_email') return undefined;
  const claim = sendLabels(payload)
    .map(dummyDataClaimIn)
    .find((found) => found !== undefined);
  if (claim === undefined) return undefined;
  const bodies = sentBodies(payload);
  const cargo = bodies
    .map((body) => bankAccountIn(body) ?? personalDataIn(body) ?? secretValueIn(body))
    .find((found) => found !== undefined);
  return cargo === undefined ? undefined : `"${claim}" on ${cargo}`;
}
