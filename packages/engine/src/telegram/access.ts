/** Who may talk to the bot, decided on the sender's id and the chat's kind alone. */
export interface AccessPolicy {
  readonly allowedUserIds: readonly number[];
  readonly allowGroups: boolean;
}

export type AccessDecision = 'allowed' | 'stranger' | 'group_refused';

export function decideAccess(policy: AccessPolicy, userId: number | undefined, chatType: string | undefined): AccessDecision {
  if (userId === undefined || !policy.allowedUserIds.includes(userId)) return 'stranger';
  if (chatType === 'private') return 'allowed';
  return policy.allowGroups && (chatType === 'group' || chatType === 'supergroup') ? 'allowed' : 'group_refused';
}

/** One refusal per chat per window, so a stranger cannot make the bot spam (or hit Telegram's limits). */
export class RefusalLimiter {
  private readonly lastRefusal = new Map<number, number>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  shouldAnswer(chatId: number): boolean {
    const now = this.now();
    const last = this.lastRefusal.get(chatId);
    if (last !== undefined && now - last < this.windowMs) return false;
    if (this.lastRefusal.size > 10_000) this.lastRefusal.clear();
    this.lastRefusal.set(chatId, now);
    return true;
  }
}
