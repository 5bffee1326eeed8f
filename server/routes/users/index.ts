import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerRegistrationRoutes } from './registration.js';
import { registerLoginRoutes } from './login.js';
import { registerSessionRoutes } from './session.js';
import { registerProfileRoutes } from './profile.js';
import { registerPasswordChangeRoutes } from './password-change.js';
import { registerSmsCodeRoutes } from './sms-codes.js';
import { registerPasswordResetRoutes } from './password-reset.js';

export { loginLockedMessage } from './login.js';

/** Registration, login and sessions, SMS codes and the personal centre. */
export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerRegistrationRoutes(app, ctx);
  await registerLoginRoutes(app, ctx);
  await registerSessionRoutes(app, ctx);
  await registerProfileRoutes(app, ctx);
  await registerPasswordChangeRoutes(app, ctx);
  await registerSmsCodeRoutes(app, ctx);
  await registerPasswordResetRoutes(app, ctx);
}
