import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { MESSAGES } from '../../api/messages.js';

/** An audit row as the titles need it. */
interface Entry {
  entity: string;
  entityId: number;
  action: string;
  after: Record<string, unknown> | null;
}

type Titles = Map<number, string>;

/** Each kind of record's title by id, in one query per kind on the page. */
const LOOKUPS: Record<string, (db: Kysely<Database>, ids: number[]) => Promise<Array<{ id: number; title: string }>>> = {
  article: (db, ids) => db.selectFrom('article').select(['id', 'title']).where('id', 'in', ids).execute(),
  project: (db, ids) => db.selectFrom('project').select(['id', 'projectName as title']).where('id', 'in', ids).execute(),
  deal: (db, ids) => db.selectFrom('dealAnnouncement').select(['id', 'projectName as title']).where('id', 'in', ids).execute(),
  intent: (db, ids) => db.selectFrom('intent').select(['id', 'projectname as title']).where('id', 'in', ids).execute(),
  feedback: (db, ids) => db.selectFrom('feedback').select(['id', 'title']).where('id', 'in', ids).execute(),
  complaint: (db, ids) => db.selectFrom('complaint').select(['id', 'refNo as title']).where('id', 'in', ids).execute(),
  staff: (db, ids) => db.selectFrom('appUser').select(['userId as id', 'name as title']).where('userId', 'in', ids).execute(),
  registration: (db, ids) =>
    db
      .selectFrom('registration as r')
      .innerJoin('project as p', 'p.id', 'r.projectId')
      .innerJoin('appUser as u', 'u.userId', 'r.userId')
      .select(['r.id', 'p.projectName', 'u.name'])
      .where('r.id', 'in', ids)
      .execute()
      .then((rows) => rows.map((r) => ({ id: r.id, title: `${r.projectName}　${r.name}` }))),
};

/**
 * The title of each audit row's record as it is now (an article's title, a project's name, a registration's project
 * and bidder); a view or an export of a list is named by the list and its count. '' for a record since deleted.
 */
export async function auditTitles(db: Kysely<Database>, entries: readonly Entry[]): Promise<string[]> {
  const byEntity = new Map<string, Set<number>>();
  for (const e of entries) if (e.entityId > 0 && LOOKUPS[e.entity]) byEntity.set(e.entity, (byEntity.get(e.entity) ?? new Set()).add(e.entityId));
  const titles = new Map<string, Titles>();
  await Promise.all(
    [...byEntity].map(async ([entity, ids]) => {
      const rows = await LOOKUPS[entity](db, [...ids]);
      titles.set(entity, new Map(rows.map((r) => [Number(r.id), r.title])));
    }),
  );
  return entries.map((e) => {
    if (e.action === 'viewPhones' || e.action === 'export') {
      const name = String(e.after?.listName ?? '');
      return MESSAGES.tables.auditListTitle(name, Number(e.after?.count ?? 0));
    }
    return titles.get(e.entity)?.get(e.entityId) ?? '';
  });
}
