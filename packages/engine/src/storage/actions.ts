import type { Database } from 'better-sqlite3';
import type { Decision, Tier } from '@parapet/shield';
import type { ActionRecord, ActionResult, ActionVerdict, NewAction } from './types.js';

/** Enough of a tool's output to see what happened; the full output went to the agent. */
export const OUTPUT_EXCERPT_CHARS = 4096;

export interface ActionRepo {
  insert(action: NewAction): void;
  /** `evaluatedAt` (RFC 3339) defaults to now. */
  recordVerdict(id: string, verdict: ActionVerdict, evaluatedAt?: string): void;
  /** Stores the result; with `verdict`, the verdict too, in the same statement. */
  recordResult(id: string, result: ActionResult, verdict?: { readonly verdict: ActionVerdict; readonly evaluatedAt: string }): void;
  get(id: string): ActionRecord | undefined;
  listForSession(sessionId: string): ActionRecord[];
}

interface ActionRow {
  id: string;
  session_id: string;
  turn_id: string;
  call_id: string;
  tool_name: string;
  type: string;
  payload: string;
  action_hash: string;
  proposed_at: string;
  decision: Decision | null;
  tier: number | null;
  confidence: number | null;
  reason: string | null;
  rule_ids: string | null;
  evaluated_at: string | null;
  is_error: number | null;
  error_code: string | null;
  output_excerpt: string | null;
  completed_at: string | null;
}

export function createActionRepo(db: Database, now: () => Date): ActionRepo {
  const insert = db.prepare(`
    INSERT INTO actions (id, session_id, turn_id, call_id, tool_name, type, payload, action_hash, proposed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const verdict = db.prepare(`
    UPDATE actions SET decision = ?, tier = ?, confidence = ?, reason = ?, rule_ids = ?, evaluated_at = ? WHERE id = ?`);
  const result = db.prepare('UPDATE actions SET is_error = ?, error_code = ?, output_excerpt = ?, completed_at = ? WHERE id = ?');
  const verdictAndResult = db.prepare(`
    UPDATE actions SET decision = ?, tier = ?, confidence = ?, reason = ?, rule_ids = ?, evaluated_at = ?,
      is_error = ?, error_code = ?, output_excerpt = ?, completed_at = ? WHERE id = ?`);
  const byId = db.prepare('SELECT * FROM actions WHERE id = ?');
  const bySession = db.prepare('SELECT * FROM actions WHERE session_id = ? ORDER BY id');

  return {
    insert: (a) => {
      insert.run(a.id, a.sessionId, a.turnId, a.callId, a.toolName, a.type, JSON.stringify(a.payload), a.actionHash, a.proposedAt);
    },
    recordVerdict: (id, v, evaluatedAt) => {
      verdict.run(v.decision, v.tier, v.confidence, v.reason, JSON.stringify(v.ruleIds), evaluatedAt ?? now().toISOString(), id);
    },
    recordResult: (id, r, judged) => {
      const outcome = [r.isError ? 1 : 0, r.errorCode ?? '', r.output.slice(0, OUTPUT_EXCERPT_CHARS), now().toISOString()] as const;
      if (!judged) {
        result.run(...outcome, id);
        return;
      }
      const v = judged.verdict;
      verdictAndResult.run(v.decision, v.tier, v.confidence, v.reason, JSON.stringify(v.ruleIds), judged.evaluatedAt, ...outcome, id);
    },
    get: (id) => {
      const row = byId.get(id) as ActionRow | undefined;
      return row ? toRecord(row) : undefined;
    },
    listForSession: (sessionId) => (bySession.all(sessionId) as ActionRow[]).map(toRecord),
  };
}

function toRecord(row: ActionRow): ActionRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    turnId: row.turn_id,
    callId: row.call_id,
    toolName: row.tool_name,
    type: row.type,
    payload: JSON.parse(row.payload) as unknown,
    actionHash: row.action_hash,
    proposedAt: row.proposed_at,
    ...(row.decision !== null
      ? {
          verdict: {
            decision: row.decision,
            tier: (row.tier ?? 0) as Tier,
            confidence: row.confidence ?? 0,
            reason: row.reason ?? '',
            ruleIds: JSON.parse(row.rule_ids ?? '[]') as string[],
            evaluatedAt: row.evaluated_at ?? '',
          },
        }
      : {}),
    ...(row.is_error !== null
      ? {
          result: {
            isError: row.is_error === 1,
            errorCode: row.error_code ?? '',
            outputExcerpt: row.output_excerpt ?? '',
            completedAt: row.completed_at ?? '',
          },
        }
      : {}),
  };
}
