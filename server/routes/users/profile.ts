import type { FastifyInstance } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { defineRoute, type RouteRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { AppUserTable, Database } from '../../db/schema.js';
import { badRequest, forbidden, notFound, ok } from '../../api/errors.js';
import { formatRequiredDateTime, maskPhone } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import type { PlaceTree } from '../../plugins/places.js';
import { checkIdCard, maskIdCard } from '../../services/id-card.js';
import { M, text } from './common.js';

/** Avatar URLs are images this server serves: a proxy prefix and a plain relative path. */
const COVER_PATTERN = /^\/image[1-3]?-api\/[A-Za-z0-9_\-./]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An account as the personal centre shows it: phone and id card masked, its place named. */
async function userInfo(db: Kysely<Database>, places: PlaceTree, userId: number) {
  const row = await db
    .selectFrom('appUser')
    .select(['userId', 'name', 'cover', 'phone', 'deptId', 'email', 'idCard', 'role', 'createdAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.userId,
    name: row.name,
    cover: row.cover,
    phone: maskPhone(row.phone),
    deptId: row.deptId,
    deptName: row.deptId === null ? null : (places.get(row.deptId)?.deptName ?? null),
    email: row.email,
    idCard: maskIdCard(row.idCard),
    role: row.role,
    createTime: formatRequiredDateTime(row.createdAt),
  };
}

/** The columns an updateUserInfo call changes, checked; a field left out is left as it is. */
function profilePatch(p: RouteRequest<'updateUserInfo'>['input']): Updateable<AppUserTable> {
  const patch: Updateable<AppUserTable> = {};
  if (p.name !== undefined) {
    const name = text(p.name).trim();
    if (!name) throw badRequest(M.nameEmpty);
    patch.name = name;
  }
  if (p.cover !== undefined) {
    const cover = text(p.cover).trim();
    if (cover && (!COVER_PATTERN.test(cover) || cover.includes('..'))) {
      throw badRequest(M.coverInvalid);
    }
    patch.cover = cover;
  }
  if (p.email !== undefined) {
    const email = text(p.email).trim();
    if (email && !EMAIL_PATTERN.test(email)) throw badRequest(M.emailMalformed);
    patch.email = email || null;
  }
  if (p.idCard !== undefined) {
    const idCard = text(p.idCard).trim();
    if (idCard) {
      const checked = checkIdCard(idCard);
      if (!checked.ok) throw badRequest(checked.msg);
      patch.idCard = checked.idCard;
    } else {
      patch.idCard = null;
    }
  }
  return patch;
}

/** The personal centre: reading an account and editing one's own. */
export async function registerProfileRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'getUserInfoByUserId', async (request) => {
    const me = request.user;
    const p = request.input;
    const wanted = p.userId ?? me.userId;
    if (wanted !== me.userId && me.role === 'user') throw forbidden(M.otherUserForbidden);
    const info = await userInfo(db, places, wanted);
    if (!info) throw notFound(M.userMissing);
    if (wanted !== me.userId && me.role === 'staff') {
      // Staff see the accounts of their own place and the places under it.
      const visible = me.deptId !== null && info.deptId !== null && places.subtree(me.deptId).includes(info.deptId);
      if (!visible) throw forbidden(M.otherPlaceUserForbidden);
    }
    return ok(info, MESSAGES.common.queried);
  });

  defineRoute(app, 'updateUserInfo', async (request) => {
    const me = request.user;
    const patch = profilePatch(request.input);
    if (Object.keys(patch).length > 0) {
      await db
        .updateTable('appUser')
        .set({ ...patch, updatedAt: new Date() })
        .where('userId', '=', me.userId)
        .execute();
    }
    const info = await userInfo(db, places, me.userId);
    if (!info) throw notFound(M.userMissing);
    return ok(info, M.updated);
  });
}
