import type { PositionedMessage, StoredToolCall } from '../storage/index.js';
import type { HistoryEntry } from './ports.js';
import { summarizeToolResult } from './tool-result-summary.js';

/** The history a turn sends, and for each message the stored row it came from. */
export interface AgentHistory {
  readonly messages: HistoryEntry[];
  readonly positions: number[];
}

/**
 * Stored messages as the conversation the agent continues: each answer preceded by its tool work
 * (assistant tool calls, each followed by the results answering it). Results of turns older than
 * the newest `freshTurns` are cut to a one-line summary.
 */
export function buildAgentHistory(rows: readonly PositionedMessage[], freshTurns: number): AgentHistory {
  const userRows = rows.filter((row) => row.message.role === 'user');
  const firstFreshUser = userRows.at(-freshTurns)?.position;
  const isFresh = (position: number): boolean => freshTurns > 0 && firstFreshUser !== undefined && position >= firstFreshUser;
  const messages: HistoryEntry[] = [];
  const positions: number[] = [];
  const push = (message: HistoryEntry, position: number): void => {
    messages.push(message);
    positions.push(position);
  };
  for (const { position, message } of rows) {
    if (message.role === 'user') push({ role: 'user', content: message.content }, position);
    if (message.role !== 'assistant') continue;
    const calls = new Map<string, StoredToolCall>();
    for (const work of message.toolWork) {
      if (work.role === 'assistant') {
        for (const call of work.toolCalls) calls.set(call.id, call);
        push({ role: 'assistant', content: work.content, toolCalls: work.toolCalls }, position);
      } else {
        const content = isFresh(position) ? work.content : summarizeToolResult(calls.get(work.toolCallId), work.content);
        push({ role: 'tool', toolCallId: work.toolCallId, content }, position);
      }
    }
    push({ role: 'assistant', content: message.content }, position);
  }
  return { messages, positions };
}
