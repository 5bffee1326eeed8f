import { describe, expect, it, vi } from 'vitest';
import { ResponseCache } from '../../server/services/response-cache.js';

describe('ResponseCache', () => {
  it('shares one computation among concurrent misses', async () => {
    const cache = new ResponseCache(1000, 10);
    const compute = vi.fn(async () => 'rows');
    const values = await Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    expect(values).toEqual(['rows', 'rows', 'rows']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('serves the stale value while one refresh runs, then the fresh one', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResponseCache(1000, 10);
      let version = 1;
      let release!: () => void;
      const compute = vi.fn(() => (version === 1 ? Promise.resolve('v1') : new Promise<string>((r) => (release = () => r('v2')))));
      expect(await cache.get('k', compute)).toBe('v1');
      vi.advanceTimersByTime(1001);
      version = 2;
      expect(await cache.get('k', compute)).toBe('v1');
      expect(await cache.get('k', compute)).toBe('v1');
      expect(compute).toHaveBeenCalledTimes(2);
      release();
      await Promise.resolve();
      await Promise.resolve();
      expect(await cache.get('k', compute)).toBe('v2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not cache a failure and computes every time when the ttl is 0', async () => {
    const cache = new ResponseCache(1000, 10);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
    const off = new ResponseCache(0, 10);
    const compute = vi.fn(async () => 1);
    await off.get('k', compute);
    await off.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
