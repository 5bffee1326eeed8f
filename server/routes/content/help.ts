import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { notFound, ok } from '../../api/errors.js';
import { requiredId } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';

/** The help centre: its items grouped by class, and one item. */
export async function registerHelpRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  defineRoute(app, 'help', async () => {
    const items = await db.selectFrom('helpItem').select(['id', 'classname', 'title']).orderBy('orderNum').orderBy('id').execute();
    // Map keeps insertion order: groups appear in the order of their first item.
    const groups = new Map<string, { id: number; title: string }[]>();
    for (const item of items) {
      const list = groups.get(item.classname) ?? [];
      list.push({ id: item.id, title: item.title });
      groups.set(item.classname, list);
    }
    return ok(
      [...groups].map(([classname, list]) => ({ classname, list })),
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'helpDetail', async (request) => {
    const id = requiredId(request.input, MESSAGES.content.helpId);
    const row = await db.selectFrom('helpItem').select(['id', 'classname', 'title', 'content']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.content.helpMissing);
    return ok(row, MESSAGES.common.queried);
  });
}
