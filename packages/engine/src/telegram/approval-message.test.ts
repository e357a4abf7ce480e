import { describe, expect, it } from 'vitest';
import type { ApprovalView } from '@parapet/wire/client';
import { approvalKeyboard, approvalPieces, hashMatches, parseButton } from './approval-message.js';

const approval: ApprovalView = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  sessionId: 'S',
  turnId: 'T',
  actionId: 'A',
  toolName: 'write_file',
  actionType: 'write_file',
  actionHash: 'a'.repeat(64),
  summary: 'write USER.md',
  diff: '- <old>\n+ new',
  reason: 'shapes the prompt',
  ruleIds: [],
  requestedAt: '',
  expiresAt: '',
  state: 'pending',
  scope: '',
  answeredBy: '',
  channel: '',
  answeredAt: '',
};

describe('approval buttons', () => {
  it('fit Telegram\'s 64-byte callback data and parse back to the same question', () => {
    const buttons = approvalKeyboard(approval).inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(['Approve once', 'For this session', 'Deny']);
    for (const button of buttons) expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
    expect(buttons.map((b) => parseButton(b.callback_data)?.choice)).toEqual(['once', 'session', 'deny']);
    const press = parseButton(buttons[0]?.callback_data ?? '');
    expect(press?.approvalId).toBe(approval.id);
    expect(hashMatches(approval, press?.hashPrefix ?? '')).toBe(true);
  });

  it('refuses data that is not a whole button of this approval', () => {
    expect(parseButton('ap:x:ID:abc')).toBeUndefined();
    expect(parseButton('ap:o:ID')).toBeUndefined();
    expect(parseButton('ap:o:ID:abc:extra')).toBeUndefined();
    expect(hashMatches(approval, 'a')).toBe(false);
    expect(hashMatches(approval, 'b'.repeat(16))).toBe(false);
  });

  it('shows the outcome once answered', () => {
    const text = (view: ApprovalView): string => approvalPieces(view).map((p) => p.text).join('');
    expect(text(approval)).toBe('🔐 Approval needed\nwrite USER.md\nshapes the prompt\n- <old>\n+ new');
    expect(text({ ...approval, state: 'approved', scope: 'session', answeredBy: 'Ana' })).toMatch(/✅ Approved for this session by Ana$/);
    expect(text({ ...approval, state: 'expired' })).toMatch(/⌛ Expired/);
  });
});
