import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import type { AppUserTable } from '../db/schema.js';
import { ApiError, badRequest, forbidden, notFound, ok, unauthorized } from '../api/errors.js';
import { formatRequiredDateTime, maskPhone } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import type { PlaceTree } from '../plugins/places.js';
import { checkIdCard, maskIdCard } from '../services/id-card.js';
import { assertPasswordRule, checkPhone, hashPassword, verifyAgainstDummy, verifyPassword } from '../services/passwords.js';
import { createSession, revokeAllSessions, revokeSession } from '../services/sessions.js';
import { createSmsCodeService } from '../services/sms-codes.js';
import type { RateLimitRule } from '../runtime/config.js';
import { clientAddress, tooMany } from '../plugins/rate-limits.js';
import { RateLimitCounters, windowMsOf, type CounterState } from '../services/rate-limits.js';
import { MESSAGES } from '../api/messages.js';

const M = MESSAGES.users;
/** The answer once a phone's wrong passwords reach the limit: whole minutes until the count starts afresh. */
export const loginLockedMessage = (ttlMs: number) => M.loginLocked(Math.max(1, Math.ceil(ttlMs / 60_000)));

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The tenant (lessee) number of the platform a place belongs to: its own, else the nearest place above it that has
 * one (a town of 淳安县 → 淳安县's 102). Null when no place on the way up is a platform.
 */
function lesseeOf(places: PlaceTree, deptId: number): number | null {
  for (let place = places.get(deptId), hops = 0; place && hops < 10; place = places.get(place.parentId), hops++) {
    if (place.lesseeId !== null) return place.lesseeId;
  }
  return null;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return (Array.isArray(header) ? header[0] : (header ?? '')).replace(/^Bearer\s+/i, '').trim();
}

/** Avatar URLs are images this server serves: a proxy prefix and a plain relative path. */
const COVER_PATTERN = /^\/image[1-3]?-api\/[A-Za-z0-9_\-./]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration, login and sessions, SMS codes and the personal centre. */
export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, places } = ctx;
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  const smsCodes = createSmsCodeService(ctx);
  const counters = new RateLimitCounters(db);
  const limits = config.rateLimits;

  async function userInfo(userId: number) {
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

  // ---- Registration and login -----------------------------------------------------------------------

  defineRoute(app, 'register', async (request) => {
    const p = request.input;
    const phone = checkPhone(p.phone);
    if (!text(p.code).trim()) throw badRequest(MESSAGES.sms.codeEmpty);
    // The password is read from the body only: it does not belong in a URL (and so in access logs).
    const password = text(request.body?.password);
    if (!password.trim()) throw badRequest(M.passwordEmpty);
    assertPasswordRule(password);
    const name = text(p.name).trim() || M.defaultName(phone.slice(-4));
    // The code first: only the holder of the phone learns whether it is registered.
    await smsCodes.consume(phone, p.code, p.uuid);
    const existing = await db.selectFrom('appUser').select('userId').where('phone', '=', phone).executeTakeFirst();
    if (existing) throw new ApiError(409, M.phoneTaken);
    const passwordHash = await hashPassword(password);
    const deptId = request.tenant!.place.deptId;
    const inserted = await db
      .insertInto('appUser')
      .values({ phone, passwordHash, name, deptId })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('userId')
      .executeTakeFirst();
    // Lost a race with a simultaneous registration of the same phone.
    if (!inserted) throw new ApiError(409, M.phoneTaken);
    return ok({ userId: inserted.userId, phone: maskPhone(phone), name, deptId }, M.registered);
  });

  defineRoute(app, 'login', async (request, reply) => {
    const b = request.body ?? {};
    const username = text(b.username).trim();
    const password = text(b.password);
    if (!username) throw badRequest(M.phoneEmpty);
    if (!password.trim()) throw badRequest(M.passwordEmpty);
    if (b.loginType !== undefined && b.loginType !== null && b.loginType !== 1) {
      throw badRequest(M.loginTypeUnsupported);
    }
    let deptId = request.tenant!.place.deptId;
    if (b.areaId !== undefined && b.areaId !== null && b.areaId !== lesseeOf(places, deptId)) {
      // The portal sends its region's lessee number (spec §3: areaId of the login payload). A place inside the region
      // is accepted too and becomes the user's place; anything else — another platform's number, a place elsewhere —
      // is refused (403).
      scopeIds(request, places, b.areaId);
      deptId = b.areaId;
    }

    // Wrong passwords are counted per phone, from this address and from all addresses, the same for a phone with
    // no account: the answers never tell whether a phone is registered. Each attempt takes its place in the counts
    // before the password is judged, so parallel guesses cannot all be judged before any is counted; a right
    // password gives its place back.
    const address = clientAddress(request);
    const counts: Array<[string, string, RateLimitRule]> = [
      ['loginFailuresPerPhoneIp', `${username}|${address}`, limits.loginFailuresPerPhoneIp],
      ['loginFailuresPerPhone', username, limits.loginFailuresPerPhone],
    ];
    const states: Array<CounterState & { rule: RateLimitRule }> = [];
    for (const [name, key, rule] of counts) states.push({ rule, ...(await counters.hit(name, key, windowMsOf(rule))) });
    const lockedFor = () => Math.max(...states.filter((s) => s.count >= s.rule.max).map((s) => s.ttlMs));
    if (states.some((s) => s.count > s.rule.max)) throw tooMany(reply, lockedFor(), loginLockedMessage(lockedFor()));

    const user = await db
      .selectFrom('appUser')
      .select(['userId', 'phone', 'name', 'role', 'passwordHash', 'disabled', 'mustChangePassword'])
      .where('phone', '=', username)
      .executeTakeFirst();
    // An unknown phone costs the same hash as a known one.
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !passwordOk) {
      // The failure that reaches a limit is answered with the lock already.
      if (states.some((s) => s.count >= s.rule.max)) throw tooMany(reply, lockedFor(), loginLockedMessage(lockedFor()));
      throw badRequest(M.loginFailed);
    }
    // A disabled account (staff console) is told so only after its password was right.
    if (user.disabled) throw forbidden(MESSAGES.admin.accountDisabled);
    // A success starts this address's count for the phone afresh and gives back its place in the phone's count.
    await counters.clear(counts[0][0], counts[0][1]);
    await counters.release(counts[1][0], counts[1][1]);
    const token = await createSession(db, user.userId, policy);
    return ok(
      {
        token,
        userId: user.userId,
        phone: maskPhone(user.phone),
        name: user.name,
        deptId,
        role: user.role,
        ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
      },
      M.loggedIn,
    );
  });

  // ---- Sessions ---------------------------------------------------------------------------------------

  defineRoute(app, 'checkToken', async (request) => {
    // The guards resolved the token already (auth [] still reads it); the msgs here are this call's own.
    if (!bearerToken(request)) throw unauthorized(M.loginFirst);
    const user = request.user;
    if (!user) throw unauthorized(M.sessionExpired);
    return ok(
      { userId: user.userId, phone: maskPhone(user.phone), name: user.name, role: user.role, ...(user.mustChangePassword ? { mustChangePassword: true } : {}) },
      M.tokenValid,
    );
  });

  defineRoute(app, 'logout', async (request) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    return ok(null, M.loggedOut);
  });

  // ---- Personal centre --------------------------------------------------------------------------------

  defineRoute(app, 'getUserInfoByUserId', async (request) => {
    const me = request.user;
    const p = request.input;
    const wanted = p.userId ?? me.userId;
    if (wanted !== me.userId && me.role === 'user') throw forbidden(M.otherUserForbidden);
    const info = await userInfo(wanted);
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
    const p = request.input;
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
    if (Object.keys(patch).length > 0) {
      await db
        .updateTable('appUser')
        .set({ ...patch, updatedAt: new Date() })
        .where('userId', '=', me.userId)
        .execute();
    }
    const info = await userInfo(me.userId);
    if (!info) throw notFound(M.userMissing);
    return ok(info, M.updated);
  });

  defineRoute(app, 'updatePwd', async (request) => {
    const me = request.user;
    const p = request.input;
    const oldPassword = text(p.oldPassword);
    const newPassword = text(p.newPassword);
    if (!oldPassword) throw badRequest(M.oldPasswordEmpty);
    assertPasswordRule(newPassword);
    if (newPassword === oldPassword) throw badRequest(M.samePassword);
    const row = await db.selectFrom('appUser').select('passwordHash').where('userId', '=', me.userId).executeTakeFirst();
    if (!row) throw notFound(M.userMissing);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) throw badRequest(M.oldPasswordWrong);
    const passwordHash = await hashPassword(newPassword);
    await db.updateTable('appUser').set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where('userId', '=', me.userId).execute();
    // Anyone else holding a session with the old password is signed out; this device stays in.
    await revokeAllSessions(db, me.userId, me.sessionId);
    return ok(null, M.updated);
  });

  // ---- SMS codes and password reset -------------------------------------------------------------------

  defineRoute(app, 'getPhoneCode', async (request) => {
    const phone = checkPhone(request.input.phone);
    return ok(await smsCodes.issue(phone), M.codeSent);
  });

  defineRoute(app, 'updatePwdForMobile', async (request) => {
    const p = request.input;
    const phone = checkPhone(p.phone);
    if (!text(p.code).trim()) throw badRequest(MESSAGES.sms.codeEmpty);
    const newPassword = text(p.newPassword);
    assertPasswordRule(newPassword);
    await smsCodes.consume(phone, p.code, p.uuid);
    const user = await db.selectFrom('appUser').select('userId').where('phone', '=', phone).executeTakeFirst();
    if (!user) throw badRequest(M.phoneUnregistered);
    const passwordHash = await hashPassword(newPassword);
    await db.updateTable('appUser').set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where('userId', '=', user.userId).execute();
    await revokeAllSessions(db, user.userId);
    // The holder of the phone is back in: wrong passwords counted against it, from anywhere, are forgotten.
    await counters.clear('loginFailuresPerPhone', phone);
    await counters.clear('loginFailuresPerPhoneIp', `${phone}|`, { prefix: true });
    return ok(null, M.passwordReset);
  });
}
