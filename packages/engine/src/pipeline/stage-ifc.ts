import { HUMAN_TIER } from './prompt-files.js';
import { sinkOf } from './flow-labels.js';
import { halt, proceed, type PipelineDeps, type ProposalContext, type Stage } from './types.js';

/** The lowest tier allowed to let content from outside reach a shell. */
const EXTERNAL_TO_SHELL_TIER = 2;

/**
 * Why a proposal must be approved by a human before the Shield runs: it could send data out of a
 * session that read a secret. The protect stage raises its minimum tier to 3 with this reason, so
 * the Shield escalates it and a human is asked; the ifc stage below refuses it if that did not happen.
 */
export function secretFlowReason(context: ProposalContext, deps: PipelineDeps): string | undefined {
  const { tool, action } = context;
  if (!tool || !action || sinkOf(tool.name, action.payload) !== 'network') return undefined;
  const secret = deps.store.labels.forSession(context.proposal.sessionId).find((label) => label.label === 'secret');
  return secret ? `this session read a secret earlier (${secret.source}); ${tool.name} could send it out: only a human may let it` : undefined;
}

/**
 * Stage 9, information-flow control: once a session has read a secret, nothing it does may send
 * data out without a human (refused when approvals are off; always blocked under the strict policy); once it has read content from outside, a shell command needs a tier that can judge it.
 */
export const ifcStage: Stage = (context, deps) => {
  const { tool, action, verdict } = context;
  if (!tool || !action || !verdict) return halt('ifc', 'INTERNAL', 'ifc stage ran before shield');
  const sink = sinkOf(tool.name, action.payload);
  if (!sink) return proceed(context);
  const labels = deps.store.labels.forSession(context.proposal.sessionId);
  const secret = labels.find((label) => label.label === 'secret');
  if (secret && sink === 'network') {
    const earlier = `this session read a secret earlier (${secret.source})`;
    if (deps.ifcStrict) return halt('ifc', 'IFC_SECRET_FLOW', `${earlier}; the strict policy blocks ${tool.name} from sending data out: refused`);
    if (HUMAN_TIER > deps.maxAllowTier) {
      return halt('ifc', 'IFC_SECRET_FLOW', `${earlier}; ${tool.name} could send it out, which needs a human to approve (tier ${HUMAN_TIER}), and no approval is available: refused`);
    }
    if (verdict.tier < HUMAN_TIER) return halt('ifc', 'IFC_SECRET_FLOW', `${earlier}; ${tool.name} could send it out and was not approved by a human: refused`);
  }
  const external = labels.find((label) => label.label === 'external');
  if (external && verdict.tier < EXTERNAL_TO_SHELL_TIER) {
    return halt(
      'ifc',
      'IFC_EXTERNAL_FLOW',
      `this session read content from outside (${external.source}); a shell command after that needs tier ${EXTERNAL_TO_SHELL_TIER} or more, and it was judged at tier ${verdict.tier}: refused`,
    );
  }
  return proceed(context);
};
