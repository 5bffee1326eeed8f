import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { paging } from '../../../api/request-params.js';
import { roleTenant, rolesQuery, roleView } from './view.js';

/** The tenant's staff roles, and one to edit. */
export async function registerAdminRoleReadRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  defineRoute(app, 'adminRoleList', async (request) => {
    const tenant = roleTenant(request);
    const { limit, offset } = paging(request.input, 20);
    const [rows, count] = await Promise.all([
      rolesQuery(db, tenant).orderBy('r.roleId').limit(limit).offset(offset).execute(),
      db
        .selectFrom('staffRole')
        .where('deptId', '=', tenant)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(roleView), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'adminRoleGet', async (request) => {
    const row = await rolesQuery(db, roleTenant(request)).where('r.roleId', '=', request.input!.id).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.shell.roleMissing);
    return ok(roleView(row), MESSAGES.common.queried);
  });
}
