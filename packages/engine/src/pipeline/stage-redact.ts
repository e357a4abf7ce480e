import { halt, proceed, type Stage } from './types.js';

/** Secrets out of the result before it reaches the agent, the events or the audit trail. */
export const redactStage: Stage = (context, deps) => {
  if (context.output === undefined) return halt('redact', 'INTERNAL', 'redact stage ran before execute');
  const output = deps.redactor.redact(context.output);
  return proceed({ ...context, output, redacted: output !== context.output });
};
