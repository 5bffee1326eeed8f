import crypto from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import mimeTypes from 'mime-types';
import type { Database } from '../db/schema.js';

/**
 * The files served under the image prefixes, in the database (table stored_file, migration 018) so that every instance
 * serves every one. A file is written once under its path and never changed: whatever is read about a path can be
 * kept for as long as one likes.
 */

/** What is known of a stored file without its bytes. */
export interface StoredFileMeta {
  path: string;
  mime: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  createTime: Date;
}

export interface StoredFile extends StoredFileMeta {
  bytes: Buffer;
}

/** A file to store: its path under the image prefix and its bytes; the type follows the name when not given. */
export interface NewStoredFile {
  path: string;
  bytes: Buffer;
  mime?: string;
}

const META_COLUMNS = ['path', 'mime', 'size', 'sha256', 'createTime'] as const;

export const sha256Hex = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

/** The Content-Type of a file by its name, as static file servers give it (`text/plain; charset=utf-8`, `image/png`). */
export function mimeForPath(filePath: string): string {
  return mimeTypes.contentType(path.posix.basename(filePath)) || 'application/octet-stream';
}

/**
 * The bytes travel as base64 text, encoded and decoded by the database and by Node's native code: PGlite's own
 * bytea conversion runs in JavaScript, ~120 ms to read and ~600 ms to write 1.4 MB, where base64 takes ~7 ms and
 * ~180 ms (PostgreSQL: ~15 ms either way). PGlite runs on the server's event loop, so that time held every request.
 */
const bytesIn = (bytes: Buffer) => sql<Uint8Array>`decode(${bytes.toString('base64')}, 'base64')`;
const bytesOut = sql<string>`encode(bytes, 'base64')`.as('base64');

function row(file: NewStoredFile) {
  return { path: file.path, bytes: bytesIn(file.bytes), mime: file.mime ?? mimeForPath(file.path), size: file.bytes.length, sha256: sha256Hex(file.bytes) };
}

/** Stores a new file; a path already taken is an error (an upload's random name must never serve someone else's file). */
export async function insertStoredFile(db: Kysely<Database>, file: NewStoredFile): Promise<void> {
  await db.insertInto('storedFile').values(row(file)).execute();
}

/** Stores the file unless its path is taken (by an earlier run, or another instance meanwhile); true when stored. */
export async function storeFileIfAbsent(db: Kysely<Database>, file: NewStoredFile): Promise<boolean> {
  const inserted = await db
    .insertInto('storedFile')
    .values(row(file))
    .onConflict((oc) => oc.column('path').doNothing())
    .returning('path')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Which of `paths` are stored already. */
export async function storedPaths(db: Kysely<Database>, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // A bounded list per statement: a data folder may hold tens of thousands of files.
  for (let i = 0; i < paths.length; i += 500) {
    const rows = await db
      .selectFrom('storedFile')
      .select('path')
      .where('path', 'in', paths.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.path);
  }
  return found;
}

export async function readStoredFileMeta(db: Kysely<Database>, filePath: string): Promise<StoredFileMeta | undefined> {
  return db.selectFrom('storedFile').select(META_COLUMNS).where('path', '=', filePath).executeTakeFirst();
}

export async function readStoredFile(db: Kysely<Database>, filePath: string): Promise<StoredFile | undefined> {
  const found = await db
    .selectFrom('storedFile')
    .select([...META_COLUMNS, bytesOut])
    .where('path', '=', filePath)
    .executeTakeFirst();
  if (!found) return undefined;
  const { base64, ...meta } = found;
  return { ...meta, bytes: Buffer.from(base64, 'base64') };
}

export async function readStoredBytes(db: Kysely<Database>, filePath: string): Promise<Buffer | undefined> {
  const found = await db.selectFrom('storedFile').select(bytesOut).where('path', '=', filePath).executeTakeFirst();
  return found && Buffer.from(found.base64, 'base64');
}
