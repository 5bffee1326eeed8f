import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';

/**
 * Photos a form carries (an intent's documents, a property registration's pictures): the schema has checked their
 * form and count; each must also be an upload of this user (the upload call records the uploader), so nobody
 * attaches a stranger's photo, or a file that is not there. `label` names the field in the refusal.
 */
export async function ownUploads(db: Kysely<Database>, userId: number, urls: string[], label: string = MESSAGES.uploads.defaultLabel): Promise<string[]> {
  if (urls.length === 0) return [];
  const found = await db.selectFrom('upload').select('url').where('url', 'in', urls).where('userId', '=', userId).execute();
  const known = new Set(found.map((r) => r.url));
  const missing = urls.filter((url) => !known.has(url));
  if (missing.length > 0) throw badRequest(MESSAGES.uploads.notOwnUpload(label, missing[0]));
  return urls;
}
