import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok, unauthorized } from '../../api/errors.js';
import { maskPhone } from '../../api/format.js';
import { revokeSession } from '../../services/sessions.js';
import { consoleProfile } from '../../services/console-profile.js';
import { M } from './common.js';

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return (Array.isArray(header) ? header[0] : (header ?? '')).replace(/^Bearer\s+/i, '').trim();
}

/** The session a login token stands for: whether it is still valid, and signing out. */
export async function registerSessionRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'checkToken', async (request) => {
    // The guards resolved the token already (auth [] still reads it); the msgs here are this call's own.
    if (!bearerToken(request)) throw unauthorized(M.loginFirst);
    const user = request.user;
    if (!user) throw unauthorized(M.sessionExpired);
    return ok(
      {
        userId: user.userId,
        phone: maskPhone(user.phone),
        name: user.name,
        role: user.role,
        ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
        ...consoleProfile(places, user),
      },
      M.tokenValid,
    );
  });

  defineRoute(app, 'logout', async (request) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    return ok(null, M.loggedOut);
  });
}
