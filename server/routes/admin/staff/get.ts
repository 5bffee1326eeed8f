import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { consoleScope } from '../common.js';
import { roleNames, STAFF_COLUMNS, staffView } from './view.js';
import { withinReach } from './reach.js';

/** One staff account of the caller's places (or one without a place), for the edit form; another is 404. */
export async function registerAdminStaffGetRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminStaffGet', async (request) => {
    const scope = consoleScope(request, places);
    const row = await db
      .selectFrom('appUser')
      .select([...STAFF_COLUMNS])
      .where('userId', '=', request.input!.id)
      .where('role', 'in', ['staff', 'admin'])
      .where(withinReach(request.user, scope))
      .executeTakeFirst();
    if (!row) throw notFound(MESSAGES.admin.staffMissing);
    return ok(staffView(places, row, await roleNames(db, [row.staffRoleId]), request.user.userId), MESSAGES.common.queried);
  });
}
