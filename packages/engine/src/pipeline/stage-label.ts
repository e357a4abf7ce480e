import { shownPath } from '../executors/output.js';
import { labelOf } from './flow-labels.js';
import { halt, proceed, type Stage } from './types.js';

/**
 * Names the label of what this result hands the model, with where it came from; the session
 * gathers it when the outcome is recorded (see complete.ts), in the same transaction.
 */
export const labelStage: Stage = (context, deps) => {
  const { tool, action, targets } = context;
  if (!tool || !action || context.output === undefined) return halt('label', 'INTERNAL', 'label stage ran before redact');
  const label = labelOf({ toolName: tool.name, payload: action.payload, ruleIds: context.verdict?.ruleIds ?? [], redacted: context.redacted === true });
  const what = targets?.[0] ? `${tool.name} ${shownPath(deps.workspace, targets[0].path)}` : tool.name;
  const why = label === 'secret' ? (context.redacted ? 'a secret was redacted from it' : 'the Shield classified it credential-bearing') : '';
  return proceed({ ...context, flowLabel: { label, source: why ? `${what}: ${why}` : what } });
};
