import type { TelegramStatusSnapshot } from '@parapet/wire/client';

/** What `parapet status` shows of the bot; the poller and the bot keep it current. */
export class BotState {
  private current: TelegramStatusSnapshot;

  constructor(initial: Partial<TelegramStatusSnapshot> = {}) {
    this.current = { state: 'off', detail: '', botUsername: '', lastUpdateAt: '', allowedUsers: 0, pollFailures: 0, lastFailure: '', ...initial };
  }

  update(change: Partial<TelegramStatusSnapshot>): void {
    this.current = { ...this.current, ...change };
  }

  failed(detail: string): void {
    this.current = { ...this.current, state: 'retrying', detail, pollFailures: this.current.pollFailures + 1, lastFailure: `${new Date().toISOString()} ${detail}` };
  }

  snapshot(): TelegramStatusSnapshot {
    return this.current;
  }
}
