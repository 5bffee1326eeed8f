import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isStoredFilePath } from './file-path.js';
import { storedPaths, storeFileIfAbsent } from './stored-files.js';

/**
 * Files of an older data folder (`<dataDir>/images/**`: uploads, the demo pictures and attachments, served from disk
 * before they moved into the database) stored under the same paths, so their addresses keep working on every
 * instance. Run on every start and by `npm run pictures:import`: a file already stored is left alone, so running it
 * again (or on two instances at once) adds nothing twice. The folder is only read, never changed.
 */
export interface ImportCounts {
  /** Files found in the folder. */
  found: number;
  /** Stored now, and their bytes. */
  imported: number;
  importedBytes: number;
  /** Stored before (an earlier import, the seed, another instance). */
  present: number;
  /** Empty files (what a full disk left behind under older versions): nothing to keep, not stored. */
  empty: number;
  /** Paths no request can name (hidden files and folders): not stored. */
  unservable: string[];
}

/** Every regular file under `dir`, as a `/`-separated path relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Imports `dir`; undefined when there is no such folder (a data folder that never had pictures on disk). */
export async function importFolder(db: Kysely<Database>, dir: string): Promise<ImportCounts | undefined> {
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) return undefined;
  const files = await filesUnder(dir);
  const counts: ImportCounts = { found: files.length, imported: 0, importedBytes: 0, present: 0, empty: 0, unservable: [] };
  const servable = files.filter(isStoredFilePath);
  counts.unservable = files.filter((file) => !isStoredFilePath(file));
  const stored = await storedPaths(db, servable);
  counts.present = stored.size;
  for (const file of servable) {
    if (stored.has(file)) continue;
    // One file at a time: a folder of many photos need not fit in memory.
    const bytes = await fs.readFile(path.join(dir, ...file.split('/')));
    if (bytes.length === 0) counts.empty++;
    else if (await storeFileIfAbsent(db, { path: file, bytes })) {
      counts.imported++;
      counts.importedBytes += bytes.length;
    } else counts.present++;
  }
  return counts;
}

/** The operator's line about an import, in Chinese; undefined when the folder held nothing. */
export function importReport(counts: ImportCounts | undefined, dir: string): string | undefined {
  if (!counts?.found) return undefined;
  const notes = [
    counts.empty ? `空文件 ${counts.empty} 个（无内容，未导入）` : '',
    counts.unservable.length
      ? `隐藏文件 ${counts.unservable.length} 个（无法通过网址访问，未导入：${counts.unservable.slice(0, 3).join('、')}${counts.unservable.length > 3 ? '…' : ''}）`
      : '',
  ].filter(Boolean);
  const tail = notes.length ? `；${notes.join('；')}` : '';
  if (counts.imported === 0) return `图片导入：${dir} 中的 ${counts.present} 个文件都已在数据库中${tail}。该目录不再使用，可以删除。`;
  const mb = (counts.importedBytes / 1024 / 1024).toFixed(1);
  return (
    `图片导入：${dir} 中共 ${counts.found} 个文件，新存入数据库 ${counts.imported} 个（${mb} MB），此前已存入 ${counts.present} 个${tail}。` +
    '原文件保留未动；各实例都能显示这些图片后，该目录可以删除。'
  );
}
