import type { Database } from 'better-sqlite3';
import { capStoredText } from './cap-text.js';
import type { MessageRecord, MessageRole, NewMessage, StoredToolCall, StoredWorkMessage } from './types.js';

export interface MessageRepo {
  /**
   * Stores the message and marks its session active, in one transaction. Content and thoughts
   * longer than the store's cap are cut with a marker; the returned record is what was stored.
   */
  append(message: NewMessage): MessageRecord;
  /** Oldest first. */
  list(sessionId: string): MessageRecord[];
  /** Up to `limit` messages stored after `afterPosition` (0: from the start), oldest first. */
  listAfter(sessionId: string, afterPosition: number, limit: number): PositionedMessage[];
  /** Turns that have both a user message and an assistant answer. */
  countExchanges(sessionId: string): number;
}

/** A message and its position in the session, a cursor for reading on from it. */
export interface PositionedMessage {
  readonly position: number;
  readonly message: MessageRecord;
}

interface MessageRow {
  id: string;
  sessionId: string;
  turnId: string;
  role: MessageRole;
  content: string;
  thoughts: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  toolCalls: string | null;
  toolCallId: string | null;
  toolWork: string | null;
  createdAt: string;
}

export function createMessageRepo(db: Database, now: () => Date, newId: () => string, maxTextBytes: number): MessageRepo {
  const insert = db.prepare(`
    INSERT INTO messages (id, session_id, turn_id, role, content, thoughts, prompt_tokens, completion_tokens,
                          total_tokens, tool_calls, tool_call_id, tool_work, created_at)
    VALUES (@id, @sessionId, @turnId, @role, @content, @thoughts, @promptTokens, @completionTokens,
            @totalTokens, @toolCalls, @toolCallId, @toolWork, @createdAt)`);
  const touch = db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?');
  const columns = `id, session_id AS sessionId, turn_id AS turnId, role, content, thoughts, prompt_tokens AS promptTokens,
           completion_tokens AS completionTokens, total_tokens AS totalTokens, tool_calls AS toolCalls,
           tool_call_id AS toolCallId, tool_work AS toolWork, created_at AS createdAt`;
  const bySession = db.prepare(`SELECT ${columns} FROM messages WHERE session_id = ? ORDER BY rowid`);
  const afterPosition = db.prepare(
    `SELECT rowid AS position, ${columns} FROM messages WHERE session_id = ? AND rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const exchanges = db.prepare(`
    SELECT COUNT(*) AS n FROM (
      SELECT turn_id FROM messages WHERE session_id = ? GROUP BY turn_id
      HAVING SUM(role = 'user') > 0 AND SUM(role = 'assistant') > 0)`);

  const append = db.transaction((message: NewMessage): MessageRow => {
    const row: MessageRow = {
      id: newId(),
      sessionId: message.sessionId,
      turnId: message.turnId,
      role: message.role,
      content: capStoredText(message.content, maxTextBytes),
      thoughts: capStoredText(message.thoughts ?? '', maxTextBytes),
      promptTokens: message.usage?.promptTokens ?? 0,
      completionTokens: message.usage?.completionTokens ?? 0,
      totalTokens: message.usage?.totalTokens ?? 0,
      toolCalls: message.toolCalls && message.toolCalls.length > 0 ? JSON.stringify(message.toolCalls) : null,
      toolCallId: message.toolCallId ?? null,
      toolWork: message.toolWork && message.toolWork.length > 0 ? JSON.stringify(capWork(message.toolWork, maxTextBytes)) : null,
      createdAt: now().toISOString(),
    };
    insert.run(row);
    touch.run(row.createdAt, row.sessionId);
    return row;
  });

  return {
    append: (message) => toRecord(append.immediate(message)),
    list: (sessionId) => (bySession.all(sessionId) as MessageRow[]).map(toRecord),
    listAfter: (sessionId, after, limit) =>
      (afterPosition.all(sessionId, after, limit) as (MessageRow & { position: number })[]).map((row) => ({
        position: row.position,
        message: toRecord(row),
      })),
    countExchanges: (sessionId) => (exchanges.get(sessionId) as { n: number }).n,
  };
}

function toRecord(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    sessionId: row.sessionId,
    turnId: row.turnId,
    role: row.role,
    content: row.content,
    thoughts: row.thoughts,
    usage: { promptTokens: row.promptTokens, completionTokens: row.completionTokens, totalTokens: row.totalTokens },
    toolCalls: row.toolCalls ? (JSON.parse(row.toolCalls) as StoredToolCall[]) : [],
    toolCallId: row.toolCallId ?? '',
    toolWork: row.toolWork ? (JSON.parse(row.toolWork) as StoredWorkMessage[]) : [],
    createdAt: row.createdAt,
  };
}

function capWork(work: readonly StoredWorkMessage[], maxTextBytes: number): StoredWorkMessage[] {
  return work.map((message) => ({ ...message, content: capStoredText(message.content, maxTextBytes) }));
}
