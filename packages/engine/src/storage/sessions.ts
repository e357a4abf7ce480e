import type { Database } from 'better-sqlite3';
import { ParapetError } from '@parapet/wire';
import type { SessionRecord } from './types.js';

export interface SessionRepo {
  create(options?: { readonly title?: string }): SessionRecord;
  get(id: string): SessionRecord | undefined;
  /** The session, or SESSION_NOT_FOUND: what every client request naming a session checks first. */
  existing(id: string): SessionRecord;
  /** Most recently active first. */
  list(limit?: number): SessionRecord[];
  setTitle(id: string, title: string): void;
  touch(id: string): void;
  /** Turns of the session queued or running, and its approvals still waiting for an answer. */
  activity(id: string): { readonly openTurns: number; readonly pendingApprovals: number };
  /**
   * Deletes the session and what hangs on it (messages, turns, actions, approvals, events by
   * foreign key; its flow labels here). Audit rows stay. Returns the messages it deleted.
   */
  remove(id: string): number;
  /** The highest event seq the session may have used (0 for none, or no such session). */
  eventSeqReserved(id: string): number;
  /** Raises the session's reserved event seq to `upTo` (never lowers it). */
  reserveEventSeqs(id: string, upTo: number): void;
}

const SELECT = `
  SELECT s.id, s.title, s.created_at AS createdAt, s.updated_at AS updatedAt,
         (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id) AS messageCount
  FROM sessions s`;

export function createSessionRepo(db: Database, now: () => Date, newId: () => string): SessionRepo {
  const insert = db.prepare('INSERT INTO sessions (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)');
  const byId = db.prepare(`${SELECT} WHERE s.id = ?`);
  const recent = db.prepare(`${SELECT} ORDER BY s.updated_at DESC, s.id DESC LIMIT ?`);
  const title = db.prepare('UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?');
  const touch = db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?');
  const openTurns = db.prepare("SELECT COUNT(*) AS n FROM turns WHERE session_id = ? AND status IN ('queued', 'running')");
  const pendingApprovals = db.prepare("SELECT COUNT(*) AS n FROM approvals WHERE session_id = ? AND state = 'pending'");
  const messageCount = db.prepare('SELECT COUNT(*) AS n FROM messages WHERE session_id = ?');
  const deleteLabels = db.prepare('DELETE FROM session_labels WHERE session_id = ?');
  const deleteSession = db.prepare('DELETE FROM sessions WHERE id = ?');
  // Traces key on the turn id only (no foreign key), so the session's turns must still exist here.
  const deleteTraces = db.prepare('DELETE FROM turn_traces WHERE turn_id IN (SELECT id FROM turns WHERE session_id = ?)');
  const count = (statement: typeof openTurns, id: string): number => (statement.get(id) as { n: number }).n;
  const seqReserved = db.prepare('SELECT event_seq_reserved AS reserved FROM sessions WHERE id = ?');
  const reserveSeqs = db.prepare('UPDATE sessions SET event_seq_reserved = MAX(event_seq_reserved, ?) WHERE id = ?');

  return {
    create(options = {}) {
      const id = newId();
      const ts = now().toISOString();
      insert.run(id, options.title ?? '', ts, ts);
      return { id, title: options.title ?? '', createdAt: ts, updatedAt: ts, messageCount: 0 };
    },
    get: (id) => byId.get(id) as SessionRecord | undefined,
    existing: (id) => {
      const session = byId.get(id) as SessionRecord | undefined;
      if (!session) throw new ParapetError('SESSION_NOT_FOUND', `no session with id ${id}`);
      return session;
    },
    list: (limit = 100) => recent.all(Math.max(1, Math.trunc(limit))) as SessionRecord[],
    setTitle: (id, text) => {
      title.run(text, now().toISOString(), id);
    },
    touch: (id) => {
      touch.run(now().toISOString(), id);
    },
    activity: (id) => ({ openTurns: count(openTurns, id), pendingApprovals: count(pendingApprovals, id) }),
    remove: (id) => {
      const messages = count(messageCount, id);
      deleteLabels.run(id);
      deleteTraces.run(id);
      deleteSession.run(id);
      return messages;
    },
    eventSeqReserved: (id) => (seqReserved.get(id) as { reserved: number } | undefined)?.reserved ?? 0,
    reserveEventSeqs: (id, upTo) => {
      reserveSeqs.run(upTo, id);
    },
  };
}
