interface Entry {
  /** When the value stops being fresh. */
  expires: number;
  /** The latest settled value, served while a refresh runs. */
  settled?: unknown;
  /** The computation in flight, if any. */
  pending?: Promise<unknown>;
}

/**
 * A small time-bounded cache of computed responses.
 * - Concurrent misses for one key share a single computation (a burst costs one database round trip).
 * - Once a value exists, an expired entry is served stale while one refresh runs in the background, so a refresh
 *   never sits in the request path (stale by at most one refresh, i.e. ttl + query time).
 * - A failed computation is not cached; with no value to fall back on, the error reaches the caller.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    /** What goes stale with these responses and is cleared with them (a list's estimated totals). */
    private readonly clearsAlso: ReadonlyArray<{ clear(): void }> = [],
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && entry.expires > now && 'settled' in entry) return Promise.resolve(entry.settled as T);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.evict(now);
      entry = { expires: 0 };
      this.entries.set(key, entry);
    }
    if (!entry.pending) {
      const target = entry;
      target.pending = compute().then(
        (value) => {
          target.settled = value;
          target.expires = Date.now() + this.ttlMs;
          target.pending = undefined;
          return value;
        },
        (error: unknown) => {
          target.pending = undefined;
          if (!('settled' in target)) this.entries.delete(key);
          throw error;
        },
      );
    }
    if ('settled' in entry) return Promise.resolve(entry.settled as T);
    return entry.pending as Promise<T>;
  }

  clear(): void {
    this.entries.clear();
    for (const other of this.clearsAlso) other.clear();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now && !entry.pending) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
