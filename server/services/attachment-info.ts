import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { documentKindOfMime } from './documents.js';

/** A document as the pages and the editor list it. */
export interface AttachmentInfo {
  name: string;
  url: string;
  mime: string;
  typeName: string;
  size: number;
}

const IMAGE_PREFIX = '/image-api/';

/** The stored path behind a URL under the image prefix ('' for any other URL). */
function storedPathOf(url: string): string {
  if (!url.startsWith(IMAGE_PREFIX)) return '';
  try {
    return decodeURIComponent(url.slice(IMAGE_PREFIX.length));
  } catch {
    return '';
  }
}

const typeNameOf = (mime: string): string => documentKindOfMime(mime)?.label ?? (mime.startsWith('image/') ? '图片' : '文件');

/**
 * Name, type and size of the files at these URLs, in their order: an upload by its row (the name it was uploaded
 * under), any other stored file (the demo's downloads, files imported from an older data folder) by its path. A URL
 * that names no stored file is left out: a page offers no link that would answer 404.
 */
export async function attachmentInfo(db: Kysely<Database>, urls: readonly string[]): Promise<AttachmentInfo[]> {
  const wanted = [...new Set(urls.filter(Boolean))];
  if (wanted.length === 0) return [];
  const paths = wanted.map(storedPathOf).filter(Boolean);
  const [uploads, stored] = await Promise.all([
    db.selectFrom('upload').select(['url', 'name']).where('url', 'in', wanted).execute(),
    paths.length ? db.selectFrom('storedFile').select(['path', 'mime', 'size']).where('path', 'in', paths).execute() : Promise.resolve([]),
  ]);
  const nameByUrl = new Map(uploads.map((u) => [u.url, u.name]));
  const fileByPath = new Map(stored.map((f) => [f.path, f]));
  return wanted.flatMap((url) => {
    const file = fileByPath.get(storedPathOf(url));
    if (!file) return [];
    const mime = file.mime.split(';')[0].trim();
    return [{ name: nameByUrl.get(url) ?? path.posix.basename(file.path), url, mime, typeName: typeNameOf(mime), size: file.size }];
  });
}
