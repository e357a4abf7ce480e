import type { Tier } from '@parapet/shield';
import type { Logger } from '../logging/port.js';
import { quietLogger } from '../logging/quiet.js';
import type { EventBody } from '@parapet/wire/client';
import { inProcessExecutor } from '../executors/in-process.js';
import { DEFAULT_EXECUTION_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_BYTES } from '../executors/run.js';
import type { Redactor } from '../redact/redactor.js';
import { createIdFactory } from '../storage/ids.js';
import type { Store } from '../storage/open-store.js';
import { completeProposal } from './complete.js';
import { auditMetaToolCall, type MetaToolCall } from './meta-call.js';
import type { ProtectedPaths } from './protected-paths.js';
import { actionStage } from './stage-action.js';
import { approveStage } from './stage-approve.js';
import { auditProposedStage } from './stage-audit-proposed.js';
import { enrichStage } from './stage-enrich.js';
import { scriptsStage } from './stage-scripts.js';
import { executeStage } from './stage-execute.js';
import { parseStage } from './stage-parse.js';
import { protectStage } from './stage-protect.js';
import { recordVerdictStage } from './stage-record-verdict.js';
import { redactStage } from './stage-redact.js';
import { shieldStage } from './stage-shield.js';
import { turnLiveStage } from './stage-turn-live.js';
import { verifyStage } from './stage-verify.js';
import { ifcStage } from './stage-ifc.js';
import { labelStage } from './stage-label.js';
import { recordSnapshotChanges, snapshotStage } from './stage-snapshot.js';
import type { Chronicle } from '../chronicle/chronicle.js';
import { traceLabel } from '../trace/label.js';
import { noSpan } from '../trace/span.js';
import type { ApprovalPort, Halt, PipelineDeps, ExecutorPort, ProposalContext, ShieldPort, Stage, ToolCallResult, ToolProposalInput } from './types.js';

/** DESIGN §5 in order; label notes where the result handed to the model came from. */
const STAGES: ReadonlyArray<readonly [string, Stage]> = [
  ['turn', turnLiveStage],
  ['parse', parseStage],
  ['action', actionStage],
  ['enrich', enrichStage],
  ['scripts', scriptsStage],
  ['protect', protectStage],
  ['audit', auditProposedStage],
  ['shield', shieldStage],
  ['approve', approveStage],
  ['verify', verifyStage],
  ['record', recordVerdictStage],
  ['snapshot', snapshotStage],
  ['ifc', ifcStage],
  ['turn', turnLiveStage],
  ['execute', executeStage],
  ['redact', redactStage],
  ['label', labelStage],
];

export interface ToolPipelineOptions {
  readonly store: Store;
  readonly shield: ShieldPort;
  readonly redactor: Redactor;
  readonly workspace: string;
  readonly protection: ProtectedPaths;
  readonly chronicle: Chronicle;
  /** The strict policy is in force (information-flow control blocks instead of escalating). */
  readonly ifcStrict?: boolean;
  /** Performs the vetted actions (default: in the engine process, as in weak mode). */
  readonly executor?: ExecutorPort;
  readonly minTier?: Tier;
  /** Highest tier the wired Shield can ALLOW with (0 while only policies exist). */
  readonly maxAllowTier?: Tier;
  /** Asks a human what the Shield escalates (tier 3). */
  readonly approvals?: ApprovalPort;
  readonly timeoutMs?: number;
  readonly maxOutputBytes?: number;
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

export interface ToolPipeline {
  /** Never rejects: every failure becomes an error result, audited. */
  run(proposal: ToolProposalInput, emit: (body: EventBody) => void): Promise<ToolCallResult>;
  /** Refuses a proposal the turn may not make (over the per-reply cap, turn cancelled): audited, never run. */
  refuse(proposal: ToolProposalInput, refusal: Halt, emit: (body: EventBody) => void): ToolCallResult;
  /** Audits a meta-tool call the engine answered itself. */
  recordMetaCall(call: MetaToolCall): void;
}

/** Chains the stages; the first halt denies. Nothing here decides anything itself. */
export function createToolPipeline(options: ToolPipelineOptions): ToolPipeline {
  const ids = createIdFactory();
  const deps: PipelineDeps = {
    store: options.store,
    shield: options.shield,
    redactor: options.redactor,
    workspace: options.workspace,
    protection: options.protection,
    chronicle: options.chronicle,
    ifcStrict: options.ifcStrict ?? false,
    executor: options.executor ?? inProcessExecutor(options.workspace, (text) => options.redactor.redact(text)),
    minTier: options.minTier ?? 0,
    maxAllowTier: options.maxAllowTier ?? 0,
    approvals: options.approvals,
    timeoutMs: options.timeoutMs ?? DEFAULT_EXECUTION_TIMEOUT_MS,
    maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    logger: options.logger ?? quietLogger,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? ids,
  };

  const safeEmitter = (emit: (body: EventBody) => void) => (body: EventBody): void => {
    try {
      emit(body);
    } catch (error) {
      deps.logger.error({ err: String(error) }, 'event sink failed');
    }
  };
  const recordOutcome = (context: ProposalContext, outcome: Halt | undefined): ToolCallResult => {
    try {
      return completeProposal(context, outcome, deps);
    } catch (error) {
      // Even the record of the outcome failed: deny, and say so.
      deps.logger.error({ err: deps.redactor.redact(String(error)) }, 'could not record the tool call outcome');
      return { content: '[INTERNAL] the engine could not record this tool call: denied', isError: true, errorCode: 'INTERNAL' };
    }
  };

  return {
    async run(proposal, emit) {
      const callSpan = proposal.trace ? proposal.trace.child(`tool ${traceLabel(proposal.toolName)}`, { call_id: traceLabel(proposal.callId) }) : noSpan;
      let context: ProposalContext = { proposal, emit: safeEmitter(emit), minTier: deps.minTier };
      let outcome: Halt | undefined;
      for (const [name, stage] of STAGES) {
        const stageSpan = callSpan.child(name);
        try {
          const pending = stage(context, deps, stageSpan);
          // Most stages are synchronous: awaiting only real promises saves an event-loop hop per stage.
          const result = pending instanceof Promise ? await pending : pending;
          if (!result.ok) {
            outcome = result.halt;
            if (result.context) context = result.context;
            stageSpan.end({ halt: result.halt.code });
            break;
          }
          context = result.context;
          stageSpan.end();
        } catch (error) {
          stageSpan.end({ halt: 'INTERNAL' });
          deps.logger.error({ err: deps.redactor.redact(String(error)), stage: name }, 'pipeline stage failed; denying');
          outcome = { stage: name, code: 'INTERNAL', message: `internal error in the ${name} stage (see the engine log): denied` };
          break;
        }
      }
      const completing = callSpan.child('complete');
      recordSnapshotChanges(context, deps);
      const result = recordOutcome(context, outcome);
      completing.end();
      callSpan.end({ outcome: outcome ? outcome.code : 'OK', ...(context.verdict ? { decision: context.verdict.decision, tier: context.verdict.tier } : {}) });
      return result;
    },
    refuse(proposal, refusal, emit) {
      return recordOutcome({ proposal, emit: safeEmitter(emit), minTier: deps.minTier }, refusal);
    },
    recordMetaCall(call) {
      auditMetaToolCall(deps.store, deps.redactor, call);
    },
  };
}
