import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ApiError, notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { audit } from '../../../services/audit.js';
import { oneTimePassword } from '../../../services/first-admin.js';
import { hashPassword } from '../../../services/passwords.js';
import { consoleScope } from '../common.js';
import { withinReach } from './reach.js';

/**
 * A new one-time password for a staff account, answered once to the administrator and never stored or logged: the old
 * password stops working, the account's sessions end, and it must change the new one at its next sign-in (the
 * guards open nothing else to it). The audit row says who reset whose password, without any password or hash.
 */
export async function registerAdminStaffResetRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminStaffResetPassword', async (request) => {
    const userId = request.input!.id;
    if (userId === request.user.userId) throw new ApiError(409, MESSAGES.shell.resetOwnPassword);
    const scope = consoleScope(request, places);
    const password = oneTimePassword();
    // The slow hash runs before the transaction, so no lock is held while it works.
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('appUser')
        .select(['userId', 'phone', 'name', 'role', 'deptId', 'disabled', 'mustChangePassword'])
        .where('userId', '=', userId)
        .where('role', 'in', ['staff', 'admin'])
        .where(withinReach(request.user, scope))
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(MESSAGES.admin.staffMissing);
      await trx.updateTable('appUser').set({ passwordHash, mustChangePassword: true, updatedAt: new Date() }).where('userId', '=', userId).execute();
      await trx.deleteFrom('userSession').where('userId', '=', userId).execute();
      await audit(trx, request.user, {
        deptId: before.deptId,
        entity: 'staff',
        entityId: userId,
        action: 'resetPassword',
        before,
        after: { ...before, mustChangePassword: true },
      });
    });
    return ok({ password }, MESSAGES.shell.passwordReset);
  });
}
