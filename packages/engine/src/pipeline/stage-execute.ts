import { ParapetError } from '@parapet/wire';
import { ExecutionError } from '../executors/errors.js';
import { halt, proceed, type Stage } from './types.js';

/** Hands the vetted action to the executor, under a deadline, with capped output. */
export const executeStage: Stage = async (context, deps) => {
  const { tool, action } = context;
  if (!tool || !action) return halt('execute', 'INTERNAL', 'execute stage ran before action');
  try {
    const output = await deps.executor.execute({
      tool: tool.name,
      sessionId: context.proposal.sessionId,
      turnId: context.proposal.turnId,
      callId: context.proposal.callId,
      ...(context.proposal.turnSignal ? { turnSignal: context.proposal.turnSignal } : {}),
      payload: action.payload,
      pathFields: tool.paths.map((path) => path.field),
      timeoutMs: deps.timeoutMs,
      maxOutputBytes: deps.maxOutputBytes,
      protectedPaths: deps.protection.paths,
      protectedInodes: () => deps.protection.inodes(),
    });
    return proceed({ ...context, output });
  } catch (error) {
    if (error instanceof ExecutionError || error instanceof ParapetError) return halt('execute', error.code, error.message);
    deps.logger.error({ err: deps.redactor.redact(String(error)), tool: tool.name }, 'executor crashed');
    return halt('execute', 'EXECUTION_FAILED', `${tool.name}: internal error (see the engine log)`);
  }
};
