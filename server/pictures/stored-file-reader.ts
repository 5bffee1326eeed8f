import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.js';
import { readStoredBytes, readStoredFileMeta, type StoredFileMeta } from './stored-files.js';

/**
 * Reads stored files for one server, keeping what it read: a file never changes under its path, so nothing kept is
 * ever stale. What is kept is bounded — the descriptions by count, the bytes by their total — and the least recently
 * used go first. A path not found is not kept (another instance may store it a moment later).
 */
export interface StoredFileReaderOptions {
  /** Bytes of originals kept in memory, in all (0: none). */
  maxBytes?: number;
  /** Descriptions (path, type, size, hash) kept. */
  maxEntries?: number;
}

/** 32 MB: the demo's pictures and a few hundred uploads' worth; each instance holds its own. */
export const DEFAULT_ORIGINALS_BYTES = 32 * 1024 * 1024;
const DEFAULT_META_ENTRIES = 20_000;

export class StoredFileReader {
  private readonly metas: LRUCache<string, StoredFileMeta>;
  private readonly originals: LRUCache<string, Buffer> | undefined;
  private readonly largestKept: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: StoredFileReaderOptions = {},
  ) {
    const maxBytes = options.maxBytes ?? DEFAULT_ORIGINALS_BYTES;
    this.metas = new LRUCache({ max: options.maxEntries ?? DEFAULT_META_ENTRIES });
    // One file may take at most an eighth of the room: a few large photos must not push out every landscape.
    this.largestKept = Math.floor(maxBytes / 8);
    this.originals = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) }) : undefined;
  }

  /** The file's description, without reading its bytes (a variant made earlier needs only its hash). */
  async meta(filePath: string): Promise<StoredFileMeta | undefined> {
    const known = this.metas.get(filePath);
    if (known) return known;
    const meta = await readStoredFileMeta(this.db, filePath);
    if (meta) this.metas.set(filePath, meta);
    return meta;
  }

  /** The bytes of a file described earlier. */
  async bytes(meta: StoredFileMeta): Promise<Buffer | undefined> {
    const kept = this.originals?.get(meta.path);
    if (kept) return kept;
    const read = await readStoredBytes(this.db, meta.path);
    if (read) this.keep(meta.path, read);
    return read;
  }

  private keep(filePath: string, bytes: Buffer): void {
    if (this.originals && bytes.length <= this.largestKept) this.originals.set(filePath, bytes);
  }
}
