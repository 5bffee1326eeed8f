import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import type { Database } from '../../../db/schema.js';
import { ApiError, badRequest, notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { audit } from '../../../services/audit.js';
import { CONSOLE_PERMISSIONS } from '../../../../machines/console-permissions.js';
import { roleTenant, rolesQuery, roleView } from './view.js';

const M = MESSAGES.shell;

/** The tenant's role by id, locked for the write; another tenant's is 404 like a missing one. */
async function lockedRole(trx: Transaction<Database>, tenant: number, roleId: number) {
  const row = await trx
    .selectFrom('staffRole')
    .select(['roleId', 'deptId', 'name', 'permissions'])
    .where('roleId', '=', roleId)
    .where('deptId', '=', tenant)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(M.roleMissing);
  return row;
}

/** A unique violation (two saves of one name at once) is the same 409 as the check before it. */
function nameTaken(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw new ApiError(409, M.roleNameTaken);
  throw error;
}

/** Creating, changing and deleting the tenant's staff roles, each audited. */
export async function registerAdminRoleSaveRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  defineRoute(app, 'adminRoleSave', async (request) => {
    const b = request.input!;
    const tenant = roleTenant(request);
    const name = b.name.trim();
    if (!name) throw badRequest(M.roleNameBlank);
    // Stored in the catalogue's order, each once.
    const permissions = CONSOLE_PERMISSIONS.filter((p) => b.permissions.includes(p));
    if (!permissions.length) throw badRequest(M.permissionsEmpty);
    const roleId = await db
      .transaction()
      .execute(async (trx) => {
        const same = await trx.selectFrom('staffRole').select('roleId').where('deptId', '=', tenant).where('name', '=', name).executeTakeFirst();
        if (same && same.roleId !== b.roleId) throw new ApiError(409, M.roleNameTaken);
        const values = { name, permissions: JSON.stringify(permissions), updatedAt: new Date() };
        const before = b.roleId ? await lockedRole(trx, tenant, b.roleId) : null;
        const row = before
          ? await trx
              .updateTable('staffRole')
              .set(values)
              .where('roleId', '=', before.roleId)
              .returning(['roleId', 'deptId', 'name', 'permissions'])
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('staffRole')
              .values({ ...values, deptId: tenant })
              .returning(['roleId', 'deptId', 'name', 'permissions'])
              .executeTakeFirstOrThrow();
        await audit(trx, request.user, { deptId: tenant, entity: 'role', entityId: row.roleId, action: before ? 'update' : 'create', before, after: row });
        return row.roleId;
      })
      .catch(nameTaken);
    const saved = await rolesQuery(db, tenant).where('r.roleId', '=', roleId).executeTakeFirstOrThrow();
    return ok(roleView(saved), M.roleSaved);
  });

  defineRoute(app, 'adminRoleDelete', async (request) => {
    const tenant = roleTenant(request);
    await db.transaction().execute(async (trx) => {
      const before = await lockedRole(trx, tenant, request.input!.id);
      // An account keeps its role until given another: deleting it would silently widen that account to every page.
      const users = await trx
        .selectFrom('appUser')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('staffRoleId', '=', before.roleId)
        .executeTakeFirstOrThrow();
      if (Number(users.n) > 0) throw new ApiError(409, M.roleInUse(Number(users.n)));
      await trx.deleteFrom('staffRole').where('roleId', '=', before.roleId).execute();
      await audit(trx, request.user, { deptId: tenant, entity: 'role', entityId: before.roleId, action: 'delete', before, after: null });
    });
    return ok(null, M.roleDeleted);
  });
}
