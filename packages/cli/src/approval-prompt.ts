import type { ApprovalView } from '@parapet/wire/client';
import type { LineReader } from './line-reader.js';

export interface ApprovalAnswerChoice {
  readonly approve: boolean;
  readonly scope: 'once' | 'session';
}

/** Asks about one approval; undefined when the question went away first (answered elsewhere, turn over). */
export type ApprovalPrompter = (approval: ApprovalView, signal: AbortSignal) => Promise<ApprovalAnswerChoice | undefined>;

const INDENT = '    ';

export const APPROVAL_QUESTION = 'approve? [y]es once / [s]ession / [N]o: ';

/** What the human is asked about: what will happen, the change for a write, and why the Shield asks. */
export function renderApprovalRequest(approval: ApprovalView): string {
  const lines = [`⚠ approval needed (${approval.id}): ${approval.summary}`];
  if (approval.diff !== '') lines.push(...approval.diff.replace(/\n$/, '').split('\n').map((line) => `${INDENT}${line}`));
  lines.push(`  why: ${approval.reason}`, `  expires ${approval.expiresAt} · session ${approval.sessionId}`);
  return `${lines.join('\n')}\n`;
}

export function renderApprovalResolved(approval: ApprovalView): string {
  const scope = approval.state === 'approved' && approval.scope === 'session' ? ' for the rest of the session' : '';
  const by = approval.answeredBy ? ` by ${approval.answeredBy}` : '';
  const channel = approval.channel && approval.channel !== 'engine' ? ` (${approval.channel})` : '';
  return `  approval ${approval.id}: ${approval.state}${scope}${by}${channel}\n`;
}

/** The choice a typed answer means; the default (empty, anything else) is no. */
export function parseAnswer(line: string): ApprovalAnswerChoice {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return { approve: true, scope: 'once' };
  if (answer === 's' || answer === 'session') return { approve: true, scope: 'session' };
  return { approve: false, scope: 'once' };
}

/**
 * A prompter that reads the answer from `lines`: `[y]es once / [s]ession / [N]o`; an empty line
 * is no. When the question goes away unanswered, the caller ends the prompt's line before printing why.
 */
export function linePrompter(lines: LineReader): ApprovalPrompter {
  return async (_approval, signal) => {
    lines.prompt(APPROVAL_QUESTION);
    const line = await lines.next(signal);
    // The input ended: leave the question to other clients (or its timeout) rather than answer it.
    return line === undefined ? undefined : parseAnswer(line);
  };
}
