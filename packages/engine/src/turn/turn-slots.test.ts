import { describe, expect, it } from 'vitest';
import { createTurnSlots } from './turn-slots.js';

describe('turn slots', () => {
  it('lets the cap run at once, then hands freed slots out first come, first served', async () => {
    const slots = createTurnSlots(2);
    const first = slots.tryAcquire();
    const second = slots.acquire(new AbortController().signal);
    expect(first).toBeDefined();
    expect(second.ahead).toBe(0);
    expect(slots.tryAcquire()).toBeUndefined();

    const third = slots.acquire(new AbortController().signal);
    const fourth = slots.acquire(new AbortController().signal);
    expect([third.ahead, fourth.ahead]).toEqual([1, 2]);
    const granted: string[] = [];
    void third.slot.then(() => granted.push('third'));
    void fourth.slot.then(() => granted.push('fourth'));

    first?.release();
    first?.release();
    await third.slot;
    expect(granted).toEqual(['third']);
    expect({ running: slots.running, waiting: slots.waiting }).toEqual({ running: 2, waiting: 1 });
    (await second.slot).release();
    await fourth.slot;
    expect(granted).toEqual(['third', 'fourth']);
  });

  it('drops a waiting turn that is cancelled, so it never takes a slot', async () => {
    const slots = createTurnSlots(1);
    const held = slots.tryAcquire();
    const cancel = new AbortController();
    const waiting = slots.acquire(cancel.signal);
    const next = slots.acquire(new AbortController().signal);
    cancel.abort();
    await expect(waiting.slot).rejects.toMatchObject({ code: 'TURN_CANCELLED' });
    expect(slots.waiting).toBe(1);
    held?.release();
    await next.slot;
    expect(slots.running).toBe(1);
  });
});
