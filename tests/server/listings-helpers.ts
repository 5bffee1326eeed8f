import type { LightMyRequestResponse } from 'fastify';
import { createSession } from '../../server/services/sessions.js';
import type { TestServer } from './harness.js';

/**
 * A signed POST to a listing call as the client makes it: params in the query string, the JSON body, or both.
 */
export function callAs(
  server: TestServer,
  deptId: number,
  name: string,
  options: { query?: Record<string, string | number>; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const qs = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  return server.app.inject({
    method: 'POST',
    url: `/prod-api/api/${name}${qs}`,
    headers: { ...server.signed(deptId), ...(options.headers ?? {}) },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** A registered user with a live session, straight in the database (the login call is not under test here). */
export async function loggedInUser(server: TestServer, phone: string, deptId: number): Promise<{ userId: number; token: string }> {
  const user = await server.db
    .insertInto('appUser')
    .values({ phone, passwordHash: 'not-a-real-hash', name: `用户${phone.slice(-4)}`, deptId })
    .returning('userId')
    .executeTakeFirstOrThrow();
  const token = await createSession(server.db, user.userId, {
    idleMinutes: server.config.sessionIdleMinutes,
    absoluteHours: server.config.sessionAbsoluteHours,
  });
  return { userId: user.userId, token };
}
