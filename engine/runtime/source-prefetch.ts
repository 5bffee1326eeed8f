/**
 * Requests started ahead of the blocks that read them (render-as-you-fetch): when a route resolves, the engine starts
 * every block's source at once (PageView), and each block, as it mounts, takes the request already running for its
 * source instead of starting its own (useSource). Keyed by the resolved source (sourceKey).
 *
 * An entry serves the blocks that mount while it runs, and after it settled as many as the page declared for its key
 * (the nav's drop-down and the project search both list the same categories: a page often settles a request before
 * its blocks mount, and the second block asking afresh held the page's last card back by a round trip). Then it is
 * gone, so a block mounted later (a tab opened again, 重新加载) asks afresh rather than show old data. Starting a
 * page drops what the previous page started and nobody took.
 */
/** How a settled request ended (what a block renders from at once). */
export type PrefetchOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Entry {
  promise: Promise<unknown>;
  settled: boolean;
  outcome?: PrefetchOutcome;
  takes: number;
  readers: number;
}

export class SourcePrefetch {
  private readonly entries = new Map<string, Entry>();

  /**
   * Starts the request of each key not already running, and forgets the entries of other keys. `start` is called
   * only for keys that need it. A key listed n times (n blocks read it) serves n blocks after it settled.
   */
  startPage(sources: ReadonlyArray<{ key: string; start: () => Promise<unknown> }>): void {
    const readers = new Map<string, number>();
    for (const { key } of sources) readers.set(key, (readers.get(key) ?? 0) + 1);
    for (const key of [...this.entries.keys()]) if (!readers.has(key)) this.entries.delete(key);
    for (const { key, start } of sources) {
      const running = this.entries.get(key);
      if (running) {
        running.readers = readers.get(key)!;
        continue;
      }
      let promise: Promise<unknown>;
      try {
        promise = start();
      } catch (error) {
        promise = Promise.reject(error);
      }
      const entry: Entry = { promise, settled: false, takes: 0, readers: readers.get(key)! };
      this.entries.set(key, entry);
      const settle = (outcome: PrefetchOutcome) => {
        entry.settled = true;
        entry.outcome = outcome;
        if (entry.takes >= entry.readers && this.entries.get(key) === entry) this.entries.delete(key);
      };
      // A failure nobody takes is not an unhandled rejection: the block that takes it shows it.
      promise.then(
        (value) => settle({ ok: true, value }),
        (error: unknown) => settle({ ok: false, error }),
      );
    }
  }

  /** The request running (or just settled, untaken) for `key`, if the page started one. */
  take(key: string): Promise<unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.takes++;
    if (entry.settled && entry.takes >= entry.readers) this.entries.delete(key);
    return entry.promise;
  }

  /**
   * How the request for `key` ended, if it has and a block may still take it: a block mounting after its data came
   * renders it in its first frame (without a loading frame and a second render). It still takes the entry after.
   */
  peek(key: string): PrefetchOutcome | undefined {
    return this.entries.get(key)?.outcome;
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
