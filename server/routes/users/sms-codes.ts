import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { checkPhone } from '../../services/passwords.js';
import { createSmsCodeService } from '../../services/sms-codes.js';
import { M } from './common.js';

/** Sending an SMS code (registration and password reset consume it). */
export async function registerSmsCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const smsCodes = createSmsCodeService(ctx);

  defineRoute(app, 'getPhoneCode', async (request) => {
    const phone = checkPhone(request.input.phone);
    return ok(await smsCodes.issue(phone), M.codeSent);
  });
}
