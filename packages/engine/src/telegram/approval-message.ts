import type { ApprovalView } from '@parapet/wire/client';
import type { Piece } from './html.js';

/** Characters of the action hash a button carries: Telegram allows 64 bytes of callback data. */
const HASH_PREFIX_CHARS = 16;
const DIFF_MAX_CHARS = 1500;

export type ButtonChoice = 'once' | 'session' | 'deny';

const CHOICE_CODE: Record<ButtonChoice, string> = { once: 'o', session: 's', deny: 'd' };

export interface ButtonPress {
  readonly choice: ButtonChoice;
  readonly approvalId: string;
  readonly hashPrefix: string;
}

export interface InlineKeyboard {
  readonly inline_keyboard: { readonly text: string; readonly callback_data: string }[][];
}

/** `ap:<choice>:<approval id>:<start of the action hash>`: a press names the exact question it answers. */
export function buttonData(choice: ButtonChoice, approval: ApprovalView): string {
  return `ap:${CHOICE_CODE[choice]}:${approval.id}:${approval.actionHash.slice(0, HASH_PREFIX_CHARS)}`;
}

export function parseButton(data: string): ButtonPress | undefined {
  const match = /^ap:([osd]):([0-9A-Za-z]{1,40}):([0-9a-f]{1,64})$/.exec(data);
  if (!match) return undefined;
  const choice = (Object.keys(CHOICE_CODE) as ButtonChoice[]).find((key) => CHOICE_CODE[key] === match[1]);
  return choice && match[2] && match[3] ? { choice, approvalId: match[2], hashPrefix: match[3] } : undefined;
}

export function hashMatches(approval: ApprovalView, hashPrefix: string): boolean {
  return hashPrefix.length === HASH_PREFIX_CHARS && approval.actionHash.startsWith(hashPrefix);
}

export function approvalKeyboard(approval: ApprovalView): InlineKeyboard {
  return {
    inline_keyboard: [
      [
        { text: 'Approve once', callback_data: buttonData('once', approval) },
        { text: 'For this session', callback_data: buttonData('session', approval) },
      ],
      [{ text: 'Deny', callback_data: buttonData('deny', approval) }],
    ],
  };
}

/** How the question ended, in words; empty while it waits. */
export function outcomeText(approval: ApprovalView): string {
  const by = approval.answeredBy ? ` by ${approval.answeredBy}` : '';
  switch (approval.state) {
    case 'approved':
      return approval.scope === 'session' ? `✅ Approved for this session${by}` : `✅ Approved once${by}`;
    case 'denied':
      return `❌ Denied${by}`;
    case 'expired':
      return '⌛ Expired: nobody answered in time, so it was denied';
    case 'cancelled':
      return '⏹ Cancelled: the turn ended before an answer';
    default:
      return '';
  }
}

/** The question as the chat shows it: what would happen, why it needs a human, and (once answered) the outcome. */
export function approvalPieces(approval: ApprovalView): Piece[] {
  const pieces: Piece[] = [
    { text: '🔐 Approval needed', style: 'bold' },
    { text: '\n', style: 'plain' },
    { text: approval.summary || approval.toolName, style: 'code' },
  ];
  if (approval.reason) pieces.push({ text: `\n${approval.reason}`, style: 'italic' });
  if (approval.diff) {
    const diff = approval.diff.length > DIFF_MAX_CHARS ? `${approval.diff.slice(0, DIFF_MAX_CHARS)}\n…` : approval.diff;
    pieces.push({ text: '\n', style: 'plain' }, { text: diff, style: 'code' });
  }
  const outcome = outcomeText(approval);
  if (outcome) pieces.push({ text: `\n\n${outcome}`, style: 'bold' });
  return pieces;
}
