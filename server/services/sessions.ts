import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { runStatement, type Statement } from '../db/prepared.js';

export interface SessionUser {
  userId: number;
  phone: string;
  name: string;
  role: 'user' | 'staff' | 'admin';
  deptId: number | null;
  sessionId: number;
  /** Signed in with a one-time password: only the password change (and the token check, logout) is open to it. */
  mustChangePassword: boolean;
  /** The staff role's name and pages; null or absent: every staff page (administrators, staff without a role). */
  staffRole?: { name: string; permissions: readonly unknown[] } | null;
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a random token; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, policy: SessionPolicy): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.absoluteHours * 3600_000);
  await db
    .insertInto('userSession')
    .values({ tokenHash: hashToken(token), userId, expiresAt })
    .execute();
  return token;
}

interface SessionRow {
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  userId: number;
  phone: string;
  name: string;
  role: SessionUser['role'];
  deptId: number | null;
  mustChangePassword: boolean;
  roleName: string | null;
  rolePermissions: unknown[] | null;
}

/**
 * The session and its user by token hash: every signed-in request runs it, so it is prepared (on PGlite, and by name on
 * PostgreSQL; a lookup by a unique key, whose plan never depends on the value).
 */
const SESSION_BY_TOKEN: Statement = {
  name: 'session_by_token',
  params: ['text'],
  namedOnPostgres: true,
  text: `SELECT s.id AS "sessionId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", u.user_id AS "userId",
  u.phone, u.name, u.role, u.dept_id AS "deptId", u.must_change_password AS "mustChangePassword",
  r.name AS "roleName", r.permissions AS "rolePermissions" FROM user_session s JOIN app_user u ON u.user_id = s.user_id
  LEFT JOIN staff_role r ON r.role_id = u.staff_role_id WHERE s.token_hash = $1`,
};

/**
 * The user behind a token, or undefined when it is unknown, past its absolute expiry or idle too long.
 * Touches last_seen_at at most once a minute so reads stay reads.
 */
export async function resolveToken(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  options: { singleSession?: boolean } = {},
): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await runStatement<SessionRow>(db, SESSION_BY_TOKEN, [tokenHash], options.singleSession ?? false);
  if (!row) return undefined;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > policy.idleMinutes * 60_000) {
    await db.deleteFrom('userSession').where('id', '=', row.sessionId).execute();
    return undefined;
  }
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await db
      .updateTable('userSession')
      .set({ lastSeenAt: new Date(now) })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    userId: row.userId,
    phone: row.phone,
    name: row.name,
    role: row.role,
    deptId: row.deptId,
    sessionId: row.sessionId,
    mustChangePassword: row.mustChangePassword,
    staffRole: row.roleName === null ? null : { name: row.roleName, permissions: Array.isArray(row.rolePermissions) ? row.rolePermissions : [] },
  };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('userSession').where('id', '=', sessionId).execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number, exceptSessionId?: number): Promise<void> {
  let q = db.deleteFrom('userSession').where('userId', '=', userId);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
