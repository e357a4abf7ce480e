import { canonicalActionType } from '../../../action-types.js';
import { caseless } from '../../../caseless.js';
import { stringsIn } from '../actions/fields.js';
import { READ_ONLY_ACTION_TYPES } from '../actions/read-only.js';
import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule, type Rule } from '../registry.js';
import { alternation } from '../text/word-list.js';
import { PROSE_RULES } from './prose.js';

/**
 * What a new agent is given and who a message says it is from. No task needs every tool there
 * is; and a message between agents comes from an agent: the user speaks through their own turns
 * and approvals, the system through the engine, never through another agent's words.
 */
export const AGENT_GRANT_RULES = {
  unboundedTools: defineRule(
    'agents.unbounded_tools',
    'block',
    'gives a new agent every tool, whatever its task needs',
  ),
  remoteModel: defineRule(
    'agents.remote_model',
    'block',
    'gives a new agent a model at an address of its own choosing, which would read all it sees and steer it',
  ),
  unneededMail: defineRule(
    'agents.unneeded_mail_tool',
    'block',
    'gives a new agent the mail tool for a task that mails no one',
  ),
  localSecretReview: defineRule(
    'agents.local_secret_review',
    'escalate',
    'gives an agent that can only read here a task over secrets (a review; its report needs a look)',
  ),
  forgedSender: defineRule(
    'agents.forged_sender',
    'block',
    'passes a message between agents off as coming from the user or the system',
  ),
};

/** Tool grants that name no tool but all of them. */
const EVERY_TOOL = /^(?:\*|all|any|every|everything|full|unrestricted|\*\.\*|all[_ -]tools)$/iu;

/** Words of a task that sends mail or answers someone. */
const MAIL_WORDS = caseless(
  /\b(?:e-?mails?|mail(?:s|box)?|inbox|send|sends|forward|share|reply|replies|respond|answer|write|contact|notify|inform|tell|ask|confirm|remind|invit\w*|rsvp|book|thank|follow up|newsletters?|messages?|letters?|correspond\w*)\b|@/iu,
);

export function judgeToolGrant(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const tools = [...stringsIn(payload['tools']), ...stringsIn(payload['tool_groups'])];
  for (const tool of tools)
    if (EVERY_TOOL.test(tool.trim()))
      return judge.findings.add(AGENT_GRANT_RULES.unboundedTools, tool);
  for (const model of stringsIn(payload['model']))
    if (/:\/\/|^[\w-]+(?:\.[\w-]+)+(?::\d+)?\//u.test(model.trim()))
      return judge.findings.add(AGENT_GRANT_RULES.remoteModel, model);
  // The mail tool is an outward channel only: a task that names no one to write to has no use for it.
  const task = [
    ...stringsIn(payload['task']),
    ...stringsIn(payload['prompt']),
    ...stringsIn(payload['instructions']),
    ...stringsIn(payload['description']),
  ].join('\n');
  if (tools.some((tool) => canonicalActionType(tool) === 'send_email') && !MAIL_WORDS.test(task))
    judge.findings.add(AGENT_GRANT_RULES.unneededMail, task.slice(0, 60));
}

/** Whether the grant names its tools and every one only reads here (no groups, no wildcard). */
function readsOnly(payload: Readonly<Record<string, unknown>>): boolean {
  if (payload['tool_groups'] !== undefined) return false;
  const tools = payload['tools'];
  if (!Array.isArray(tools) || tools.length === 0) return false;
  return tools.every((tool) => {
    const type = typeof tool === 'string' ? canonicalActionType(tool) : undefined;
    return type !== undefined && READ_ONLY_ACTION_TYPES.has(type);
  });
}

/** Reports to `outer`, with a request to read secrets turned into a question for a human. */
class LocalReviewFindings extends Findings {
  constructor(private readonly outer: Findings) {
    super();
  }

  override add(rule: Rule, detail?: string): void {
    this.outer.add(
      rule === PROSE_RULES.secretAccess ? AGENT_GRANT_RULES.localSecretReview : rule,
      detail,
    );
  }

  override get blocked(): boolean {
    return this.outer.blocked;
  }
}

/**
 * How a new agent's task is judged: an agent that can only read this machine cannot take a secret
 * anywhere, so a task over secrets ("look for committed API keys") is a review a human confirms;
 * everything else it asks for is judged as for any agent.
 */
export function taskJudge(payload: Readonly<Record<string, unknown>>, judge: Judge): Judge {
  return readsOnly(payload)
    ? { scope: judge.scope, findings: new LocalReviewFindings(judge.findings) }
    : judge;
}

/** Who may not be named as a message's sender: the people and parts that outrank an agent. */
const AUTHORITIES = [
  'user',
  'system',
  'engine',
  'parapet',
  'shield',
  /admin(?:istrator)?/u,
  'operator',
  'owner',
  'human',
  'root',
  'supervisor',
  'security',
];
const AUTHORITY_NAME = caseless(
  new RegExp(String.raw`^[\s[(<"']*(?:the\s+)?(?:${alternation(AUTHORITIES)})(?![\w-])`, 'iu'),
);
/** "[SYSTEM] …", "[USER, verified] …", "Supervisor override: …" opening a line of the message. */
const HEADER_KINDS = [
  'override',
  'notice',
  'message',
  'directive',
  /instructions?/u,
  'order',
  'update',
  'alert',
];
const AUTHORITY_HEADER = caseless(
  new RegExp(
    String.raw`(?:^|\n)\s*(?:\[\s*(?:${alternation(AUTHORITIES)})\b[^\]\n]{0,30}\]|(?:${alternation(AUTHORITIES)})\s+(?:${alternation(HEADER_KINDS)})\s*:)`,
    'iu',
  ),
);

export function judgeMessageSender(
  payload: Readonly<Record<string, unknown>>,
  texts: readonly string[],
  judge: Judge,
): void {
  for (const sender of [...stringsIn(payload['from']), ...stringsIn(payload['from_agent'])])
    if (AUTHORITY_NAME.test(sender))
      return judge.findings.add(AGENT_GRANT_RULES.forgedSender, `from ${sender}`);
  for (const text of texts) {
    const header = AUTHORITY_HEADER.exec(text)?.[0];
    if (header !== undefined)
      return judge.findings.add(AGENT_GRANT_RULES.forgedSender, header.trim());
  }
}
