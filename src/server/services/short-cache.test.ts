import { describe, expect, test, vi } from 'vitest';
import { cacheFor, cachePerDatabase } from './short-cache';

describe('cacheFor', () => {
  test('reuses the answer until it expires, then asks again', async () => {
    let time = 0;
    const fn = vi.fn(async () => time);
    const cached = cacheFor(1000, fn, () => time);
    expect(await cached()).toBe(0);
    time = 999;
    expect(await cached()).toBe(0);
    time = 1000;
    expect(await cached()).toBe(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  test('concurrent callers share one call', async () => {
    const fn = vi.fn(async () => 'rows');
    const cached = cacheFor(1000, fn);
    expect(await Promise.all([cached(), cached(), cached()])).toEqual(['rows', 'rows', 'rows']);
    expect(fn).toHaveBeenCalledOnce();
  });

  test('a failure is not remembered', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValueOnce('rows');
    const cached = cacheFor(1000, fn);
    await expect(cached()).rejects.toThrow('database down');
    expect(await cached()).toBe('rows');
  });
});

describe('cachePerDatabase', () => {
  test('keeps one cache per configured database', async () => {
    const saved = process.env.DATABASE_URL;
    let calls = 0;
    const cached = cachePerDatabase(60_000, async () => `${process.env.DATABASE_URL} #${++calls}`);
    try {
      process.env.DATABASE_URL = 'postgres://a/one';
      expect(await cached()).toBe('postgres://a/one #1');
      process.env.DATABASE_URL = 'postgres://a/two';
      expect(await cached()).toBe('postgres://a/two #2');
      process.env.DATABASE_URL = 'postgres://a/one';
      expect(await cached()).toBe('postgres://a/one #1');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

describe('cachePerDatabase.clear', () => {
  test('clear() makes the next read ask again, within the cache time', async () => {
    let value = 'first';
    const fn = vi.fn(async () => value);
    const cached = cachePerDatabase(60_000, fn);
    expect(await cached()).toBe('first');
    value = 'second';
    expect(await cached()).toBe('first');
    cached.clear();
    expect(await cached()).toBe('second');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
