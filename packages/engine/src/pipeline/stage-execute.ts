import { ParapetError } from '@parapet/wire';
import { ExecutionError } from '../executors/errors.js';
import { runExecutor } from '../executors/run.js';
import { halt, proceed, type Stage } from './types.js';

/** Runs the vetted action in the workspace, under a deadline, with capped output. */
export const executeStage: Stage = async (context, deps) => {
  const { tool, action } = context;
  if (!tool || !action) return halt('execute', 'INTERNAL', 'execute stage ran before action');
  try {
    const output = await runExecutor(tool.name, action.payload, {
      workspace: deps.workspace,
      timeoutMs: deps.timeoutMs,
      maxOutputBytes: deps.maxOutputBytes,
      protectedPaths: deps.protection.paths,
      protectedInodes: () => deps.protection.inodes(),
      redact: (text) => deps.redactor.redact(text),
    });
    return proceed({ ...context, output });
  } catch (error) {
    if (error instanceof ExecutionError || error instanceof ParapetError) return halt('execute', error.code, error.message);
    deps.logger.error({ err: deps.redactor.redact(String(error)), tool: tool.name }, 'executor crashed');
    return halt('execute', 'EXECUTION_FAILED', `${tool.name}: internal error (see the engine log)`);
  }
};
