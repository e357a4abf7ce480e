import { describe, expect, it } from 'vitest';
import { decideAccess, RefusalLimiter } from './access.js';

describe('who may talk to the bot', () => {
  const policy = { allowedUserIds: [7], allowGroups: false };

  it('allows only listed users, in private chats unless groups are allowed', () => {
    expect(decideAccess(policy, 7, 'private')).toBe('allowed');
    expect(decideAccess(policy, 8, 'private')).toBe('stranger');
    expect(decideAccess(policy, undefined, 'private')).toBe('stranger');
    expect(decideAccess(policy, 7, 'group')).toBe('group_refused');
    expect(decideAccess(policy, 7, 'channel')).toBe('group_refused');
    expect(decideAccess({ ...policy, allowGroups: true }, 7, 'supergroup')).toBe('allowed');
    expect(decideAccess({ ...policy, allowGroups: true }, 8, 'group')).toBe('stranger');
  });

  it('answers a refused chat once per window', () => {
    let now = 0;
    const limiter = new RefusalLimiter(1000, () => now);
    expect(limiter.shouldAnswer(1)).toBe(true);
    expect(limiter.shouldAnswer(1)).toBe(false);
    expect(limiter.shouldAnswer(2)).toBe(true);
    now = 1000;
    expect(limiter.shouldAnswer(1)).toBe(true);
  });
});
