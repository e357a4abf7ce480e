import type { Tier } from '@parapet/shield';
import { HUMAN_TIER } from './prompt-files.js';
import { sinkOf } from './flow-labels.js';
import { halt, proceed, type PipelineDeps, type ProposalContext, type Stage } from './types.js';

/** The lowest tier allowed to let content from outside reach a shell or the agent's memory. */
export const EXTERNAL_FLOW_TIER: Tier = 2;

/** Writes that persist into what the agent reads back as its own notes. */
const MEMORY_WRITERS: ReadonlySet<string> = new Set(['memory_write']);

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
 * Why a proposal needs at least EXTERNAL_FLOW_TIER: the session read content from outside (a web
 * page, a fetched repository) that may carry instructions, and the action would run a command or
 * write the agent's memory. The protect stage raises the minimum tier with this reason, so a tier
 * that can judge it (the LLM evaluator, else a human) decides; the ifc stage refuses it otherwise.
 */
export function externalFlowReason(context: ProposalContext, deps: PipelineDeps): string | undefined {
  const { tool, action } = context;
  if (!tool || !action) return undefined;
  const sink = sinkOf(tool.name, action.payload);
  if (sink !== 'shell' && !(sink === 'network' && tool.name === 'execute_command') && !MEMORY_WRITERS.has(tool.name)) return undefined;
  const external = deps.store.labels.forSession(context.proposal.sessionId).find((label) => label.label === 'external');
  if (!external) return undefined;
  const what = tool.name === 'execute_command' ? 'a shell command' : `${tool.name}`;
  return `this session read content from outside (${external.source}); ${what} after that needs tier ${EXTERNAL_FLOW_TIER} or a human`;
}

/**
 * Stage 9, information-flow control: once a session has read a secret, nothing it does may send
 * data out without a human (refused when approvals are off; always blocked under the strict policy);
 * once it has read content from outside, a shell command or a memory write needs a tier that can judge it.
 */
export const ifcStage: Stage = (context, deps) => {
  const { tool, action, verdict } = context;
  if (!tool || !action || !verdict) return halt('ifc', 'INTERNAL', 'ifc stage ran before shield');
  const sink = sinkOf(tool.name, action.payload);
  if (!sink && !MEMORY_WRITERS.has(tool.name)) return proceed(context);
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
  const external = externalFlowReason(context, deps);
  if (external !== undefined && verdict.tier < EXTERNAL_FLOW_TIER) {
    return halt('ifc', 'IFC_EXTERNAL_FLOW', `${external}, and it was judged at tier ${verdict.tier}: refused`);
  }
  return proceed(context);
};
