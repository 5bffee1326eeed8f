import type { Kysely } from 'kysely';
import { ARTICLE_CATEGORIES, DICTIONARIES, PROJECT_CATEGORIES } from '../reference-data.js';
import type { Database } from '../schema.js';

// Reference data as of this migration. Later changes to the catalog get a migration of their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<Database>;
  await d
    .insertInto('articleCategory')
    .values(ARTICLE_CATEGORIES.map((c, i) => ({ number: c.number, name: c.name, key: c.key, parentNumber: c.parentNumber, orderNum: i })))
    .execute();
  await d.insertInto('projectCategory').values(PROJECT_CATEGORIES).execute();
  await d.insertInto('dictData').values(DICTIONARIES).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<Database>;
  await d.deleteFrom('dictData').execute();
  await d.deleteFrom('projectCategory').execute();
  await d.deleteFrom('articleCategory').execute();
}
