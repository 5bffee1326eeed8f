import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, badRequest, ok } from '../../api/errors.js';
import { maskPhone } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { assertPasswordRule, checkPhone, hashPassword } from '../../services/passwords.js';
import { createSmsCodeService } from '../../services/sms-codes.js';
import { M, text } from './common.js';

/** Registration with a phone, its SMS code and a password; the account belongs to the request's place. */
export async function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const smsCodes = createSmsCodeService(ctx);

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
}
