import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, badRequest, notFound, ok } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { pageOf } from '../../api/paged-list.js';
import { containing, paging } from '../../api/request-params.js';
import { audit } from '../../services/audit.js';
import { assertPasswordRule, hashPassword } from '../../services/passwords.js';
import type { PlaceNode } from '../../../schemas/types/api.js';
import { consoleScope, requirePlaceInScope } from './common.js';

const M = MESSAGES.admin;
const STAFF_COLUMNS = ['userId', 'phone', 'name', 'role', 'deptId', 'disabled', 'createdAt', 'passwordHash'] as const;

/** Administrator only (auth "admin" in admin.json): the place tree (read-only) and the staff accounts. */
export async function registerAdminStaffRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminPlaceTree', async (request) => {
    const root = request.tenant!.place;
    const node = (deptId: number): PlaceNode => {
      const p = places.get(deptId)!;
      return {
        deptId: p.deptId,
        deptName: p.deptName,
        deptCode: p.deptCode,
        parentId: p.parentId,
        level: p.level as PlaceNode['level'],
        children: places.childrenOf(deptId).map((c) => node(c.deptId)),
      };
    };
    return ok({ readOnly: true as const, source: M.placeTreeSource, tree: [node(root.deptId)] }, MESSAGES.common.queried);
  });

  const view = (r: { userId: number; phone: string; name: string; role: string; deptId: number | null; disabled: boolean; createdAt: Date }) => ({
    userId: r.userId,
    phone: r.phone,
    name: r.name,
    role: r.role as 'staff' | 'admin',
    deptId: r.deptId,
    deptName: r.deptId === null ? '' : places.name(r.deptId),
    disabled: r.disabled,
    createdAt: formatRequiredDateTime(r.createdAt),
  });

  defineRoute(app, 'adminStaffList', async (request) => {
    const p = request.input ?? {};
    const scope = p.deptId ? places.subtree(p.deptId).filter((id) => consoleScope(request, places).includes(id)) : consoleScope(request, places);
    let q = db
      .selectFrom('appUser')
      .where('role', 'in', ['staff', 'admin'])
      .where((eb) => eb.or([eb('deptId', 'in', scope.length ? scope : [-1]), ...(p.deptId ? [] : [eb('deptId', 'is', null)])]));
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('name', 'ilike', containing(keyword)), eb('phone', 'like', containing(keyword))]));
    const { rows, total } = await pageOf(q, paging(p), (q) => q.select([...STAFF_COLUMNS]).orderBy('userId'));
    return ok({ rows: rows.map(view), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'adminStaffSave', async (request) => {
    const b = request.input!;
    requirePlaceInScope(consoleScope(request, places), b.deptId);
    if (b.password !== undefined) assertPasswordRule(b.password);
    // The slow hash runs before the transaction, so no lock is held while it works.
    const passwordHash = b.password === undefined ? undefined : await hashPassword(b.password);
    const saved = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('appUser').select('userId').where('phone', '=', b.phone).executeTakeFirst();
      if (taken && taken.userId !== b.userId) throw new ApiError(409, M.staffPhoneTaken);
      if (!b.userId) {
        if (!passwordHash) throw badRequest(M.staffPasswordMissing);
        const row = await trx
          .insertInto('appUser')
          .values({ phone: b.phone, name: b.name.trim(), role: b.role, deptId: b.deptId, passwordHash, disabled: b.disabled ?? false })
          .returning([...STAFF_COLUMNS])
          .executeTakeFirstOrThrow();
        await audit(trx, request.user, { deptId: row.deptId, entity: 'staff', entityId: row.userId, action: 'create', before: null, after: row });
        return row;
      }
      const before = await trx
        .selectFrom('appUser')
        .select([...STAFF_COLUMNS])
        .where('userId', '=', b.userId)
        .where('role', 'in', ['staff', 'admin'])
        .where((eb) => eb.or([eb('deptId', 'in', consoleScope(request, places)), eb('deptId', 'is', null)]))
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(M.staffMissing);
      const row = await trx
        .updateTable('appUser')
        .set({
          phone: b.phone,
          name: b.name.trim(),
          role: b.role,
          deptId: b.deptId,
          disabled: b.disabled ?? before.disabled,
          updatedAt: new Date(),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where('userId', '=', b.userId)
        .returning([...STAFF_COLUMNS])
        .executeTakeFirstOrThrow();
      // A disabled account's sessions end now; so do they after a new password.
      if (row.disabled || passwordHash) await trx.deleteFrom('userSession').where('userId', '=', row.userId).execute();
      const action = row.disabled !== before.disabled ? (row.disabled ? 'disable' : 'enable') : 'update';
      await audit(trx, request.user, { deptId: row.deptId, entity: 'staff', entityId: row.userId, action, before, after: row });
      return row;
    });
    return ok(view(saved), M.staffSaved);
  });
}
