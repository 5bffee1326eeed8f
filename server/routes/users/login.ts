import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, forbidden, ok, type ApiError } from '../../api/errors.js';
import { maskPhone } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';
import { verifyAgainstDummy, verifyPassword } from '../../services/passwords.js';
import { createSession } from '../../services/sessions.js';
import { consoleProfile, staffRoleOf } from '../../services/console-profile.js';
import type { RateLimitRule, ServerConfig } from '../../runtime/config.js';
import { clientAddress, tooMany } from '../../plugins/rate-limits.js';
import { RateLimitCounters, windowMsOf, type CounterState } from '../../services/rate-limits.js';
import { M, text } from './common.js';

/** The answer once a phone's wrong passwords reach the limit: whole minutes until the count starts afresh. */
export const loginLockedMessage = (ttlMs: number) => M.loginLocked(Math.max(1, Math.ceil(ttlMs / 60_000)));

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

/** The place the login belongs to: the request's, or the place inside its region the payload's areaId names. */
function loginPlace(request: FastifyRequest, places: PlaceTree, areaId: number | null | undefined): number {
  const deptId = request.tenant!.place.deptId;
  if (areaId === undefined || areaId === null || areaId === lesseeOf(places, deptId)) return deptId;
  // The portal sends its region's lessee number (spec §3: areaId of the login payload). A place inside the region
  // is accepted too and becomes the user's place; anything else — another platform's number, a place elsewhere —
  // is refused (403).
  scopeIds(request, places, areaId);
  return areaId;
}

/** One login attempt, already counted against its phone: how a wrong password is refused, and a right one forgiven. */
interface CountedAttempt {
  /** The refusal of a wrong password: the failure that reaches a limit is answered with the lock already. */
  refusal(): ApiError;
  /** A right password: this address's count for the phone starts afresh and the phone's count gets its place back. */
  succeeded(): Promise<void>;
}

/**
 * Wrong passwords are counted per phone, from this address and from all addresses, the same for a phone with
 * no account: the answers never tell whether a phone is registered. Each attempt takes its place in the counts
 * before the password is judged, so parallel guesses cannot all be judged before any is counted; a right
 * password gives its place back.
 */
async function countAttempt(
  counters: RateLimitCounters,
  limits: ServerConfig['rateLimits'],
  phone: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CountedAttempt> {
  const address = clientAddress(request);
  const counts: Array<[string, string, RateLimitRule]> = [
    ['loginFailuresPerPhoneIp', `${phone}|${address}`, limits.loginFailuresPerPhoneIp],
    ['loginFailuresPerPhone', phone, limits.loginFailuresPerPhone],
  ];
  const states: Array<CounterState & { rule: RateLimitRule }> = [];
  for (const [name, key, rule] of counts) states.push({ rule, ...(await counters.hit(name, key, windowMsOf(rule))) });
  const lockedFor = () => Math.max(...states.filter((s) => s.count >= s.rule.max).map((s) => s.ttlMs));
  if (states.some((s) => s.count > s.rule.max)) throw tooMany(reply, lockedFor(), loginLockedMessage(lockedFor()));
  return {
    refusal: () => (states.some((s) => s.count >= s.rule.max) ? tooMany(reply, lockedFor(), loginLockedMessage(lockedFor())) : badRequest(M.loginFailed)),
    succeeded: async () => {
      await counters.clear(counts[0][0], counts[0][1]);
      await counters.release(counts[1][0], counts[1][1]);
    },
  };
}

/** Login with a phone and a password, counted against guessing. */
export async function registerLoginRoutes(app: FastifyInstance, { db, config, places }: AppContext): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  const counters = new RateLimitCounters(db);

  defineRoute(app, 'login', async (request, reply) => {
    const b = request.body ?? {};
    const username = text(b.username).trim();
    const password = text(b.password);
    if (!username) throw badRequest(M.phoneEmpty);
    if (!password.trim()) throw badRequest(M.passwordEmpty);
    if (b.loginType !== undefined && b.loginType !== null && b.loginType !== 1) {
      throw badRequest(M.loginTypeUnsupported);
    }
    const deptId = loginPlace(request, places, b.areaId);

    const attempt = await countAttempt(counters, config.rateLimits, username, request, reply);
    const user = await db
      .selectFrom('appUser')
      .select(['userId', 'phone', 'name', 'role', 'passwordHash', 'disabled', 'mustChangePassword', 'deptId', 'staffRoleId'])
      .where('phone', '=', username)
      .executeTakeFirst();
    // An unknown phone costs the same hash as a known one.
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !passwordOk) throw attempt.refusal();
    // A disabled account (staff console) is told so only after its password was right.
    if (user.disabled) throw forbidden(MESSAGES.admin.accountDisabled);
    await attempt.succeeded();
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
        ...consoleProfile(places, { role: user.role, deptId: user.deptId, staffRole: await staffRoleOf(db, user.staffRoleId) }),
      },
      M.loggedIn,
    );
  });
}
