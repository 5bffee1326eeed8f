import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import { assertPasswordRule, checkPhone, hashPassword } from '../../services/passwords.js';
import { revokeAllSessions } from '../../services/sessions.js';
import { createSmsCodeService } from '../../services/sms-codes.js';
import { RateLimitCounters } from '../../services/rate-limits.js';
import { M, text } from './common.js';

/** A forgotten password replaced by the holder of the phone, proven by an SMS code. */
export async function registerPasswordResetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const smsCodes = createSmsCodeService(ctx);
  const counters = new RateLimitCounters(db);

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
