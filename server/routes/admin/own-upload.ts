import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import { isAllowedUrl } from '../../../engine/security/url-policy.js';

/**
 * A cover or attachment must be empty or the URL of a file uploaded to this portal (the upload table), which also
 * passes the one URL policy: no outside or script address reaches a page through an article.
 */
export async function requireOwnUpload(db: Kysely<Database>, url: string | undefined, label: string): Promise<string> {
  const value = (url ?? '').trim();
  if (!value) return '';
  if (!isAllowedUrl(value)) throw badRequest(MESSAGES.admin.ownUploadOnly(label));
  const own = await db.selectFrom('upload').select('id').where('url', '=', value).executeTakeFirst();
  if (!own) throw badRequest(MESSAGES.admin.ownUploadOnly(label));
  return value;
}

/** The most documents a project offers for download. */
export const MAX_PROJECT_ATTACHMENTS = 10;

/** A project's attachments: each an upload of this portal ({@link requireOwnUpload}), each once, at most ten. */
export async function requireOwnDocuments(db: Kysely<Database>, urls: readonly string[], label: string): Promise<string[]> {
  const unique = [...new Set(urls.map((u) => u.trim()).filter(Boolean))];
  if (unique.length > MAX_PROJECT_ATTACHMENTS) throw badRequest(MESSAGES.editors.tooManyDocuments(MAX_PROJECT_ATTACHMENTS));
  const out: string[] = [];
  for (const url of unique) out.push(await requireOwnUpload(db, url, label));
  return out;
}
