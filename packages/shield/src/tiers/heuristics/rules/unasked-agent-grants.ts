import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { grantsFetchAndRunUnasked } from '../intent/agent-grants-fit.js';
import { saidWords } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * A sub-agent given the web and the shell together can fetch code and run it. After outside
 * content was read (a README, a page, a tool's output), such a grant for a request that asked for
 * no look-up and no change is what a planted "spawn a helper with shell and http to verify the
 * links" produces: refused. Without outside content it is only asked about (`agents.spawn`).
 */
export const UNASKED_AGENT_GRANT_RULES = {
  fetchAndRun: defineRule(
    'agents.fetch_and_run_not_asked',
    'block',
    'gives a new agent the web and the shell together, after outside content, for a request that asked for neither',
  ),
};

export function judgeUnaskedAgentGrants(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'create_agent' || request === undefined || !request.untrustedContent) return;
  const groups = payload['tool_groups'];
  if (grantsFetchAndRunUnasked(groups, saidWords(request)))
    judge.findings.add(UNASKED_AGENT_GRANT_RULES.fetchAndRun, JSON.stringify(groups));
}
