import { ParapetError } from '@parapet/wire';
import type { ApprovalView, ClientApi } from '@parapet/wire/client';
import { piecesToHtml } from './html.js';
import { isNotModified } from './live-message.js';
import { approvalKeyboard, approvalPieces, hashMatches, outcomeText, parseButton, type InlineKeyboard } from './approval-message.js';

/** The Bot API calls an approval message needs. */
export interface ApprovalSender {
  send(chatId: number, html: string, keyboard: InlineKeyboard): Promise<number>;
  /** No keyboard: the buttons are removed. */
  edit(chatId: number, messageId: number, html: string, keyboard?: InlineKeyboard): Promise<void>;
}

export interface Presser {
  readonly userId: number;
  readonly name: string;
  readonly chatId: number;
  readonly messageId: number | undefined;
}

interface Shown {
  readonly chatId: number;
  readonly messageId: number;
  approval: ApprovalView;
}

const KEPT_SETTLED = 500;

/**
 * Approval questions shown as messages with buttons. A press counts only on the very message that
 * showed that approval, only with that approval's action hash, and only while it is pending; the
 * access check (allow-listed user) happens before a press gets here.
 */
export class ApprovalButtons {
  private readonly shown = new Map<string, Shown>();

  constructor(
    private readonly api: ClientApi,
    private readonly sender: ApprovalSender,
  ) {}

  async show(chatId: number, approval: ApprovalView): Promise<void> {
    if (this.shown.has(approval.id)) return;
    const messageId = await this.sender.send(chatId, piecesToHtml(approvalPieces(approval)), approvalKeyboard(approval));
    this.shown.set(approval.id, { chatId, messageId, approval });
    this.forgetOldSettled();
  }

  /** The question ended (answered here, elsewhere, or by the engine): its message shows how, buttons gone. */
  async settle(approval: ApprovalView): Promise<void> {
    const entry = this.shown.get(approval.id);
    if (!entry || approval.state === 'pending' || entry.approval.state !== 'pending') return;
    entry.approval = approval;
    try {
      await this.sender.edit(entry.chatId, entry.messageId, piecesToHtml(approvalPieces(approval)));
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  }

  /** Handles a button press; resolves to the short answer the presser sees. */
  async press(presser: Presser, data: string): Promise<string> {
    const button = parseButton(data);
    if (!button) return 'This button is not one of Parapet\'s.';
    const entry = this.shown.get(button.approvalId);
    if (!entry || entry.chatId !== presser.chatId || entry.messageId !== presser.messageId) {
      return 'This approval is not waiting in this chat any more; nothing was changed.';
    }
    if (!hashMatches(entry.approval, button.hashPrefix)) return 'This button names another action; nothing was approved.';
    if (entry.approval.state !== 'pending') return `Already answered: ${outcomeText(entry.approval)}`;
    try {
      const resolved = await this.api.resolveApproval({
        approvalId: entry.approval.id,
        actionHash: entry.approval.actionHash,
        approve: button.choice !== 'deny',
        scope: button.choice === 'session' ? 'session' : 'once',
        channel: 'telegram',
        answeredBy: `${presser.name} (telegram user ${presser.userId})`,
      });
      await this.settle(resolved);
      return outcomeText(resolved);
    } catch (error) {
      if (error instanceof ParapetError && (error.code === 'APPROVAL_CLOSED' || error.code === 'APPROVAL_NOT_FOUND')) {
        return `Too late: ${error.message}`;
      }
      throw error;
    }
  }

  private forgetOldSettled(): void {
    if (this.shown.size <= KEPT_SETTLED) return;
    for (const [id, entry] of this.shown) {
      if (this.shown.size <= KEPT_SETTLED) break;
      if (entry.approval.state !== 'pending') this.shown.delete(id);
    }
  }
}
