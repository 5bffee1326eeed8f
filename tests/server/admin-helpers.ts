import type { LightMyRequestResponse } from 'fastify';
import { API_ROUTES } from '../../schemas/types/api.js';
import type { TestServer } from './harness.js';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_B, startTestServerWithPlaces } from './fixtures.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

/** A signed staff-console call by route name (its path from schemas/api/admin.json), as `token`, in the place `deptId`. */
export function adminCall(
  server: TestServer,
  name: keyof typeof API_ROUTES,
  token: string | undefined,
  body: Record<string, unknown> = {},
  deptId: number = TENANT_A,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `/prod-api${API_ROUTES[name].url}`,
    headers: { ...server.signed(deptId), ...(token ? bearer(token) : {}) },
    payload: body,
  });
}

export interface ConsoleWorld {
  server: TestServer;
  /** Staff of 甲县 (1110), of 丙县 (1120, the other county of the same city), of 丁县 (another tenant); an admin; a user. */
  staff: string;
  otherStaff: string;
  staffB: string;
  admin: string;
  user: string;
  ids: { staff: number; otherStaff: number; admin: number; user: number };
}

/** The fixture places with one account of each kind the console's tests need. */
export async function consoleWorld(prefix: string): Promise<ConsoleWorld> {
  const server = await startTestServerWithPlaces();
  const make = async (n: number, role: 'user' | 'staff' | 'admin', deptId: number | null) => {
    const id = await insertUser(server.db, { phone: `${prefix}${n}`, role, deptId, name: `测试${role}${n}` });
    return { id, token: await sessionFor(server, id) };
  };
  const staff = await make(1, 'staff', TENANT_A_COUNTY);
  const otherStaff = await make(2, 'staff', TENANT_A_OTHER_COUNTY);
  const staffB = await make(3, 'staff', TENANT_B);
  const admin = await make(4, 'admin', null);
  const user = await make(5, 'user', TENANT_A_COUNTY);
  return {
    server,
    staff: staff.token,
    otherStaff: otherStaff.token,
    staffB: staffB.token,
    admin: admin.token,
    user: user.token,
    ids: { staff: staff.id, otherStaff: otherStaff.id, admin: admin.id, user: user.id },
  };
}
