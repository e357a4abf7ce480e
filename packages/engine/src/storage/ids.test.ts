import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createIdFactory } from './ids.js';

describe('createIdFactory', () => {
  it('makes valid, unique, increasing ULIDs stamped with the current time', () => {
    const newId = createIdFactory();
    const before = Date.now();
    // More than one pool of random bytes, so the pool refills at least once.
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(decodeTime(ids[0]!)).toBeGreaterThanOrEqual(before);
    expect(decodeTime(ids.at(-1)!)).toBeLessThanOrEqual(Date.now());
  });

  it('draws different random parts in different factories', () => {
    const a = createIdFactory()();
    const b = createIdFactory()();
    expect(a.slice(10)).not.toBe(b.slice(10));
  });
});
