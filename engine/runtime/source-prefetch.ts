/**
 * Requests started ahead of the blocks that read them (render-as-you-fetch): when a route resolves, the engine starts
 * every block's source at once (PageView), and each block, as it mounts, takes the request already running for its
 * source instead of starting its own (useSource). Keyed by the resolved source (sourceKey).
 *
 * An entry serves the blocks that mount while it runs, and the first one to ask after it settled; then it is gone,
 * so a block mounted later (a tab opened again, 重新加载) asks afresh rather than show old data. Starting a page
 * drops what the previous page started and nobody took.
 */
export class SourcePrefetch {
  private readonly entries = new Map<string, { promise: Promise<unknown>; settled: boolean; taken: boolean }>();

  /**
   * Starts the request of each key not already running, and forgets the entries of other keys. `start` is called
   * only for keys that need it.
   */
  startPage(sources: ReadonlyArray<{ key: string; start: () => Promise<unknown> }>): void {
    const keys = new Set(sources.map((s) => s.key));
    for (const key of [...this.entries.keys()]) if (!keys.has(key)) this.entries.delete(key);
    for (const { key, start } of sources) {
      if (this.entries.has(key)) continue;
      let promise: Promise<unknown>;
      try {
        promise = start();
      } catch (error) {
        promise = Promise.reject(error);
      }
      const entry = { promise, settled: false, taken: false };
      this.entries.set(key, entry);
      const settle = () => {
        entry.settled = true;
        if (entry.taken && this.entries.get(key) === entry) this.entries.delete(key);
      };
      // A failure nobody takes is not an unhandled rejection: the block that takes it shows it.
      promise.then(settle, settle);
    }
  }

  /** The request running (or just settled, untaken) for `key`, if the page started one. */
  take(key: string): Promise<unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.taken = true;
    if (entry.settled) this.entries.delete(key);
    return entry.promise;
  }

  /** Drops the entry of `key` (a retry asks again). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** The keys started and not yet done with (tests). */
  pending(): string[] {
    return [...this.entries.keys()];
  }
}
