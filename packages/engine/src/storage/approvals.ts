import type { Database } from 'better-sqlite3';

export type ApprovalState = 'pending' | 'approved' | 'denied' | 'expired' | 'cancelled';
export type ApprovalScope = 'once' | 'session';

/** One question to a human (Shield tier 3) and, once answered, how it ended. Texts are redacted. */
export interface ApprovalRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly turnId: string;
  readonly actionId: string;
  readonly toolName: string;
  readonly actionType: string;
  readonly actionHash: string;
  /** Fingerprints of the action's targets when the question was asked. */
  readonly targetsFingerprint: string;
  readonly summary: string;
  readonly diff: string;
  readonly reason: string;
  readonly ruleIds: readonly string[];
  readonly requestedAt: string;
  readonly expiresAt: string;
  readonly state: ApprovalState;
  /** Empty until approved. */
  readonly scope: ApprovalScope | '';
  readonly answeredBy: string;
  readonly channel: string;
  readonly answeredAt: string;
}

export type NewApproval = Omit<ApprovalRecord, 'state' | 'scope' | 'answeredBy' | 'channel' | 'answeredAt'>;

export interface ApprovalAnswerRecord {
  readonly state: Exclude<ApprovalState, 'pending'>;
  readonly scope?: ApprovalScope;
  readonly answeredBy: string;
  readonly channel: string;
}

export interface ApprovalRepo {
  insert(approval: NewApproval): ApprovalRecord;
  get(id: string): ApprovalRecord | undefined;
  /** pending → the answer; false when it was no longer pending (someone answered first). */
  resolve(id: string, answer: ApprovalAnswerRecord): boolean;
  /** Newest first. */
  list(options: { readonly pendingOnly: boolean; readonly limit: number }): ApprovalRecord[];
  pending(): ApprovalRecord[];
  /** Questions asked in the session since `since` (RFC 3339), for the hourly cap. */
  countSince(sessionId: string, since: string): number;
  /** True when the session approved this exact action hash for the rest of the session. */
  approvedForSession(sessionId: string, actionHash: string): ApprovalRecord | undefined;
}

interface ApprovalRow extends Omit<ApprovalRecord, 'ruleIds'> {
  readonly ruleIds: string;
}

const SELECT = `
  SELECT id, session_id AS sessionId, turn_id AS turnId, action_id AS actionId, tool_name AS toolName,
         action_type AS actionType, action_hash AS actionHash, targets_fingerprint AS targetsFingerprint,
         summary, diff, reason, rule_ids AS ruleIds, requested_at AS requestedAt, expires_at AS expiresAt,
         state, scope, answered_by AS answeredBy, channel, answered_at AS answeredAt
  FROM approvals`;

function fromRow(row: ApprovalRow): ApprovalRecord {
  return { ...row, ruleIds: JSON.parse(row.ruleIds) as string[] };
}

export function createApprovalRepo(db: Database, now: () => Date): ApprovalRepo {
  const insert = db.prepare(`
    INSERT INTO approvals (id, session_id, turn_id, action_id, tool_name, action_type, action_hash, targets_fingerprint,
                           summary, diff, reason, rule_ids, requested_at, expires_at, state)
    VALUES (@id, @sessionId, @turnId, @actionId, @toolName, @actionType, @actionHash, @targetsFingerprint,
            @summary, @diff, @reason, @ruleIds, @requestedAt, @expiresAt, 'pending')`);
  const byId = db.prepare(`${SELECT} WHERE id = ?`);
  const resolve = db.prepare(
    "UPDATE approvals SET state = ?, scope = ?, answered_by = ?, channel = ?, answered_at = ? WHERE id = ? AND state = 'pending'",
  );
  const all = db.prepare(`${SELECT} ORDER BY requested_at DESC, id DESC LIMIT ?`);
  const pendingNewest = db.prepare(`${SELECT} WHERE state = 'pending' ORDER BY requested_at DESC, id DESC LIMIT ?`);
  const pending = db.prepare(`${SELECT} WHERE state = 'pending' ORDER BY requested_at, id`);
  const countSince = db.prepare('SELECT COUNT(*) AS n FROM approvals WHERE session_id = ? AND requested_at > ?');
  const forSession = db.prepare(
    `${SELECT} WHERE session_id = ? AND action_hash = ? AND state = 'approved' AND scope = 'session' ORDER BY answered_at DESC LIMIT 1`,
  );

  return {
    insert(approval) {
      insert.run({ ...approval, ruleIds: JSON.stringify(approval.ruleIds) });
      return { ...approval, state: 'pending', scope: '', answeredBy: '', channel: '', answeredAt: '' };
    },
    get: (id) => {
      const row = byId.get(id) as ApprovalRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    resolve: (id, answer) =>
      resolve.run(answer.state, answer.scope ?? '', answer.answeredBy, answer.channel, now().toISOString(), id).changes === 1,
    list: ({ pendingOnly, limit }) => ((pendingOnly ? pendingNewest : all).all(limit) as ApprovalRow[]).map(fromRow),
    pending: () => (pending.all() as ApprovalRow[]).map(fromRow),
    countSince: (sessionId, since) => (countSince.get(sessionId, since) as { n: number }).n,
    approvedForSession: (sessionId, actionHash) => {
      const row = forSession.get(sessionId, actionHash) as ApprovalRow | undefined;
      return row ? fromRow(row) : undefined;
    },
  };
}
