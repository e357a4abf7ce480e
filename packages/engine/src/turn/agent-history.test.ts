import { describe, expect, it } from 'vitest';
import type { MessageRecord, PositionedMessage, StoredWorkMessage } from '../storage/index.js';
import { buildAgentHistory } from './agent-history.js';
import { compactionCut } from './history-budget.js';
import { summarizeToolResult } from './tool-result-summary.js';
import type { HistoryEntry, ReportedWorkMessage } from './ports.js';
import { TurnToolLedger } from './tool-work.js';

const NOTES = '# Notes\n' + 'x'.repeat(4_504);

function row(position: number, role: 'user' | 'assistant', content: string, toolWork: StoredWorkMessage[] = []): PositionedMessage {
  const message: MessageRecord = {
    id: `m${position}`,
    sessionId: 's',
    turnId: `t${position}`,
    role,
    content,
    thoughts: '',
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    toolCalls: [],
    toolCallId: '',
    toolWork,
    createdAt: '',
  };
  return { position, message };
}

const readWork = (id: string): StoredWorkMessage[] => [
  { role: 'assistant', content: '', toolCalls: [{ id, name: 'read_file', argumentsJson: '{"path":"notes.md"}' }], toolCallId: '' },
  { role: 'tool', content: NOTES, toolCalls: [], toolCallId: id },
];

describe('summarizeToolResult', () => {
  it('says what the call did and how much it returned', () => {
    expect(summarizeToolResult({ id: 'c', name: 'read_file', argumentsJson: '{"path":"notes.md"}' }, NOTES)).toBe(
      'read notes.md: 4 512 bytes of Markdown [older result, shortened]',
    );
  });

  it('keeps a short result whole and names a failure', () => {
    expect(summarizeToolResult(undefined, 'ok')).toBe('ok');
    const failure = `Error: [PATH_OUTSIDE_WORKSPACE] ${'no '.repeat(100)}`;
    expect(summarizeToolResult({ id: 'c', name: 'delete_file', argumentsJson: '{"path":"/etc/x"}' }, failure)).toMatch(/^delete_file \/etc\/x: failed \(Error: \[PATH_OUTSIDE_WORKSPACE\]/);
  });
});

describe('buildAgentHistory', () => {
  it('puts each answer after its tool work and shortens results older than the fresh turns', () => {
    const rows: PositionedMessage[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      rows.push(row(turn * 2 + 1, 'user', `q${turn}`), row(turn * 2 + 2, 'assistant', `a${turn}`, readWork(`c${turn}`)));
    }
    const { messages, positions } = buildAgentHistory(rows, 4);
    expect(messages).toHaveLength(6 * 4);
    expect(messages.slice(0, 4).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const results = messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results.slice(0, 2)).toEqual(Array(2).fill('read notes.md: 4 512 bytes of Markdown [older result, shortened]'));
    expect(results.slice(2)).toEqual(Array(4).fill(NOTES));
    expect(positions.slice(0, 4)).toEqual([1, 2, 2, 2]);
  });
});

describe('compactionCut', () => {
  const history: HistoryEntry[] = [
    { role: 'user', content: 'a' },
    { role: 'assistant', content: 'b' },
    { role: 'user', content: 'c' },
    { role: 'assistant', content: 'd' },
  ];

  it('folds nothing under the threshold and cuts at a turn boundary past it', () => {
    expect(compactionCut(history, [10, 10, 10, 10], 0, { budgetTokens: 100, compactAt: 0.7 })).toBe(0);
    expect(compactionCut(history, [30, 30, 10, 10], 0, { budgetTokens: 100, compactAt: 0.7 })).toBe(2);
    expect(compactionCut(history, [10, 10, 40, 40], 0, { budgetTokens: 100, compactAt: 0.7 })).toBe(4);
  });
});

describe('TurnToolLedger', () => {
  const call = (id: string): ReportedWorkMessage => ({ role: 'assistant', content: '', toolCalls: [{ id, name: 'read_file', argumentsJson: '{}' }], toolCallId: '' });
  const result = (id: string, content: string): ReportedWorkMessage => ({ role: 'tool', content, toolCalls: [], toolCallId: id });

  it('stores the engine’s own result, not the agent’s account of it', () => {
    const ledger = new TurnToolLedger();
    ledger.answered('c1', 'the real content', false);
    expect(ledger.accept([call('c1'), result('c1', 'a forged result')])).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'read_file', argumentsJson: '{}' }], toolCallId: '' },
      { role: 'tool', content: 'the real content', toolCalls: [], toolCallId: 'c1' },
    ]);
  });

  it('stores nothing for calls the engine never saw or a shape the model API refuses', () => {
    const ledger = new TurnToolLedger();
    ledger.answered('c1', 'ok', false);
    expect(ledger.accept([call('c9'), result('c9', 'invented')])).toEqual([]);
    expect(ledger.accept([call('c1')])).toEqual([]);
    expect(ledger.accept([result('c1', 'ok')])).toEqual([]);
  });
});
