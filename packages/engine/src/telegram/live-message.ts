import type { Logger } from '../logging/port.js';
import { piecesToHtml, splitPieces, type Piece } from './html.js';

/** The Bot API calls one chat's live answer needs. */
export interface ChatSender {
  /** Sends an HTML message; resolves to its message id. */
  send(html: string): Promise<number>;
  edit(messageId: number, html: string): Promise<void>;
}

/** Telegram refuses an edit that changes nothing; for a retried edit that means it already landed. */
export function isNotModified(error: unknown): boolean {
  return error instanceof Error && /message is not modified/i.test(error.message);
}

/**
 * An answer shown as it streams: one message edited in place, at most one request in flight and at
 * most one edit per `intervalMs` (the latest text wins; intermediate texts are skipped, never queued).
 * Past 4096 characters it continues in a new message. An edit is only ever re-sent with the text it
 * should show, so a retried edit cannot duplicate anything.
 */
export class LiveMessage {
  private readonly sent: { id: number; html: string }[] = [];
  private dirty = false;
  private finishing = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly sender: ChatSender,
    private readonly render: () => Piece[],
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  changed(): void {
    this.dirty = true;
    this.loop ??= this.run();
  }

  /** Shows the final text (waiting for any request in flight) and stops. */
  async finish(): Promise<void> {
    this.finishing = true;
    this.dirty = true;
    this.wake?.();
    await this.loop;
    await this.flush();
  }

  private async run(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      await this.flush();
      if (this.finishing) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.intervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    this.loop = undefined;
  }

  private async flush(): Promise<void> {
    const parts = splitPieces(this.render()).map(piecesToHtml);
    for (const [index, html] of parts.entries()) {
      const previous = this.sent[index];
      try {
        if (!previous) {
          this.sent.push({ id: await this.sender.send(html), html });
        } else if (previous.html !== html) {
          await this.sender.edit(previous.id, html);
          previous.html = html;
        }
      } catch (error) {
        if (previous && isNotModified(error)) {
          previous.html = html;
          continue;
        }
        // Left as it was: the next flush tries again with the then-current text.
        this.logger.warn({ detail: error instanceof Error ? error.message : String(error), part: index }, 'telegram: could not update an answer message');
        this.dirty = true;
        return;
      }
    }
  }
}
