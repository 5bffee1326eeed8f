import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, notFound, ok } from '../../api/errors.js';
import { assertPasswordRule, hashPassword, verifyPassword } from '../../services/passwords.js';
import { revokeAllSessions } from '../../services/sessions.js';
import { M, text } from './common.js';

/** A signed-in account changes its password, knowing the old one. */
export async function registerPasswordChangeRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
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
}
