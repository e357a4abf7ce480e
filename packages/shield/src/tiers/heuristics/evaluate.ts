import { canonicalActionType } from '../../action-types.js';
import { judgeAgentAction } from './actions/agents.js';
import { checkFields, PAYLOAD_RULES, tooManyStrings } from './actions/fields.js';
import { judgeFileAction } from './actions/files.js';
import { judgeGitAction } from './actions/git.js';
import { judgeUnrequestedSecretSearch } from './rules/unrequested-secret-search.js';
import { judgePlantedNote } from './rules/planted-notes.js';
import { judgeUnaskedAgentGrants } from './rules/unasked-agent-grants.js';
import { judgeEmail, judgeHttpRequest } from './actions/network.js';
import { judgeShellAction } from './actions/shell.js';
import { judgeUnknownValues } from './actions/unknown-fields.js';
import { Findings } from './findings.js';
import { waiversFor } from './intent/waivers.js';
import type { Judge } from './judge.js';
import { scopeOf } from './paths/resolve.js';
import { defineRule } from './registry.js';
import { judgeApprovalShape } from './rules/approval-shaped.js';
import { judgeInducement } from './rules/induced.js';
import { judgeOverriddenRequest } from './rules/overridden-requests.js';
import { judgeMailAuthentication } from './rules/mail-authentication.js';
import { PROSE_RULES } from './rules/prose.js';
import { judgeStandingAccess } from './rules/standing-access.js';
import { judgeAlertSilences } from './rules/alert-silences.js';
import { judgeMailCopies } from './rules/mail-copies.js';
import { judgeBulkDataLoss } from './rules/bulk-data-loss.js';
import { judgeBulkApiChanges } from './rules/bulk-api-changes.js';
import { judgeVaultRevocations } from './rules/vault.js';
import { judgeProxySettings } from './rules/proxy-settings.js';
import { judgeUnrequestedShares } from './rules/database-shares.js';
import { judgeWiderGrant } from './rules/wider-grant.js';
import { judgeFullControlGrant } from './rules/full-control-grants.js';
import { judgeHomeSecurity } from './rules/home-security.js';
import { judgeReplacedAccounts } from './rules/replaced-accounts.js';
import { judgePaymentsMoved } from './rules/payments-moved.js';
import { judgeUnrequestedExposure } from './rules/unrequested-exposure.js';
import { judgeUnrequestedDns } from './rules/unrequested-dns.js';
import { judgeUnrequestedChange } from './rules/unrequested-changes.js';
import { judgeMovedCopy } from './rules/moved-copies.js';
import { judgeContainerData } from './rules/container-data.js';
import { judgeSitePrices } from './rules/site-admin.js';
import { judgeGradesFromContent } from './rules/grades-from-content.js';
import { judgeSubstitutedRecipients } from './rules/substituted-recipient.js';
import { judgeUnrequestedDestinations } from './rules/unrequested-destinations.js';
import type { HeuristicAction, HeuristicContext, HeuristicResult } from './types.js';

const INTERNAL_ERROR = defineRule(
  'heuristics.internal_error',
  'block',
  'could not be judged because the heuristics failed',
);

function judgeKnown(action: HeuristicAction, judge: Judge): void {
  const type = canonicalActionType(action.type);
  const payload = action.payload;
  if (type === undefined) {
    judge.findings.add(PAYLOAD_RULES.unknownType, action.type);
    judgeUnknownValues(payload, Object.keys(payload), judge, {
      asCommand: false,
      role: 'instruction',
    });
    return;
  }
  const unknownFields = checkFields(type, payload, judge);
  if (tooManyStrings(payload))
    judge.findings.add(PROSE_RULES.tooLarge, 'too many fields or list items');
  const outbound = type === 'http_request' || type === 'send_email';
  judgeUnknownValues(payload, unknownFields, judge, {
    asCommand: type === 'execute_command',
    role: outbound ? 'outbound' : 'instruction',
  });
  // A block is final: the fields below could only add reasons.
  if (judge.findings.blocked) return;
  switch (type) {
    case 'execute_command':
      return judgeShellAction(payload, judge);
    case 'http_request':
      return judgeHttpRequest(payload, judge);
    case 'send_email':
      return judgeEmail(payload, judge);
    case 'git_status':
    case 'git_diff':
    case 'git_log':
    case 'git_show':
    case 'git_add':
    case 'git_commit':
    case 'git_branch':
    case 'git_checkout':
    case 'git_fetch':
    case 'git_pull':
    case 'git_push':
    case 'git_clone':
      return judgeGitAction(type, payload, judge);
    case 'memory_search':
    case 'read_calendar':
      // Reads of the user's own notes (screened and redacted when written) and calendar into the
      // conversation: no side effect, no path, nothing leaves the machine. What the agent later
      // does with them is judged then.
      return;
    case 'memory_write':
    case 'agent_message':
    case 'create_agent':
    case 'create_schedule':
      return judgeAgentAction(type, payload, judge);
    default:
      return judgeFileAction(type, payload, judge);
  }
}

/**
 * Tier 1a: judges what an action does from its fields alone, synchronously. BLOCK for clear harm,
 * ESCALATE for what needs a human (unknown types and fields included), PASS otherwise. Any
 * failure inside is a BLOCK: a judgement that could not be made is not a pass.
 */
export function evaluateHeuristics(
  action: HeuristicAction,
  context: HeuristicContext,
): HeuristicResult {
  try {
    const payload =
      action.payload !== null && typeof action.payload === 'object' ? action.payload : {};
    const type = String(action.type);
    const waivers = waiversFor(type, payload, context.userRequest);
    const findings = new Findings(waivers?.rules, waivers?.settledBlocks, waivers?.settledFindings);
    const judge = { scope: scopeOf(context), findings };
    judgeKnown({ type, payload }, judge);
    const known = canonicalActionType(type);
    if (!findings.blocked) judgeUnrequestedDestinations(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnrequestedChange(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeMovedCopy(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeContainerData(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeBulkDataLoss(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeBulkApiChanges(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeVaultRevocations(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeProxySettings(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnrequestedShares(context.userRequest, findings);
    if (!findings.blocked) judgeSitePrices(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeGradesFromContent(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnrequestedDns(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnrequestedExposure(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeWiderGrant(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeFullControlGrant(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeReplacedAccounts(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgePaymentsMoved(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeHomeSecurity(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeAlertSilences(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeStandingAccess(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeMailCopies(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnrequestedSecretSearch(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgePlantedNote(known, payload, context.userRequest, judge);
    if (!findings.blocked) judgeUnaskedAgentGrants(known, payload, context.userRequest, judge);
    if (!findings.blocked)
      judgeSubstitutedRecipients(known, payload, context.userRequest, findings);
    if (!findings.blocked) judgeInducement(known, payload, context, judge);
    if (!findings.blocked) judgeMailAuthentication(payload, findings);
    if (!findings.blocked) judgeApprovalShape(known, payload, findings);
    judgeOverriddenRequest(known, payload, context.userRequest, judge);
    const result = findings.result();
    return waivers?.requestedByUser === true && result.decision === 'PASS'
      ? { ...result, requestedByUser: true }
      : result;
  } catch (error) {
    const findings = new Findings();
    findings.add(INTERNAL_ERROR, error instanceof Error ? error.message : String(error));
    return findings.result();
  }
}
