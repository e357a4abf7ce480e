import { describe, expect, it } from 'vitest';
import { AsyncQueue, QueueClosedError } from './async-queue.js';

describe('AsyncQueue', () => {
  it('hands items to takers in order, whether pushed before or after the take', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    const second = queue.take().then(() => queue.take());
    queue.push(2);
    await expect(second).resolves.toBe(2);
  });

  it('rejects pending and later takes with the close reason', async () => {
    const queue = new AsyncQueue<number>();
    const pending = queue.take();
    const reason = new Error('cancelled');
    queue.close(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(queue.take()).rejects.toBe(reason);
    queue.push(3);
    await expect(queue.take()).rejects.toBe(reason);
  });

  it('closes with QueueClosedError by default', async () => {
    const queue = new AsyncQueue<number>();
    queue.close();
    await expect(queue.take()).rejects.toBeInstanceOf(QueueClosedError);
  });
});

describe('AsyncQueue.end', () => {
  it('hands out what is queued, then rejects with the end reason', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.push(2);
    const reason = new Error('stream broke');
    queue.end(reason);
    queue.push(3);
    await expect(queue.take()).resolves.toBe(1);
    await expect(queue.take()).resolves.toBe(2);
    await expect(queue.take()).rejects.toBe(reason);
    expect(queue.closed).toBe(true);
  });

  it('ends a waiting take at once when nothing is queued', async () => {
    const queue = new AsyncQueue<number>();
    const pending = queue.take();
    queue.end();
    await expect(pending).rejects.toBeInstanceOf(QueueClosedError);
  });
});
