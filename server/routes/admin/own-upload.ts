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
