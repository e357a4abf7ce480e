import { describe, expect, it } from 'vitest';
import { createCallOrder } from './call-order.js';

/** A call that runs until the test lets it finish, noting when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async (): Promise<string> => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const ticks = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('createCallOrder', () => {
  it('starts reads proposed together at once, and a write only after them', async () => {
    const log: string[] = [];
    const order = createCallOrder();
    const [a, b, w] = [gate(log, 'read a'), gate(log, 'read b'), gate(log, 'write')];
    const results = [order.schedule(true, a.run), order.schedule(true, b.run), order.schedule(false, w.run)];
    await ticks();
    expect(log).toEqual(['start read a', 'start read b']);
    b.finish();
    await ticks();
    expect(log).not.toContain('start write');
    a.finish();
    await ticks();
    expect(log.at(-1)).toBe('start write');
    w.finish();
    await expect(Promise.all(results)).resolves.toEqual(['read a', 'read b', 'write']);
  });

  it('keeps writes in order and makes a read after a write wait for it', async () => {
    const log: string[] = [];
    const order = createCallOrder();
    const [w1, w2, r] = [gate(log, 'write 1'), gate(log, 'write 2'), gate(log, 'read')];
    const results = [order.schedule(false, w1.run), order.schedule(false, w2.run), order.schedule(true, r.run)];
    await ticks();
    expect(log).toEqual(['start write 1']);
    w1.finish();
    await ticks();
    expect(log).toEqual(['start write 1', 'end write 1', 'start write 2']);
    w2.finish();
    await ticks();
    expect(log.at(-1)).toBe('start read');
    r.finish();
    await Promise.all(results);
  });

  it('goes on after a call that failed', async () => {
    const order = createCallOrder();
    const failed = order.schedule(false, () => Promise.reject(new Error('boom')));
    const next = order.schedule(true, () => Promise.resolve('read'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('read');
  });
});
