import { writeVerdictRows } from './verdict-rows.js';
import { halt, proceed, type Stage } from './types.js';

/**
 * Makes the verdict durable before a tool that may change something runs, so a crash during the
 * change still leaves PROPOSED and EVALUATED in the audit trail. A read-only tool changes nothing
 * if it crashes, so its verdict is stored with its result (one transaction instead of two).
 */
export const recordVerdictStage: Stage = (context, deps) => {
  const { tool, verdict } = context;
  if (!tool || !verdict) return halt('record', 'INTERNAL', 'record stage ran before shield');
  if (tool.readOnly === true) return proceed(context);
  deps.store.transaction(() => writeVerdictRows(context, deps));
  return proceed({ ...context, verdictRecorded: true });
};
