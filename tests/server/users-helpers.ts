import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { hashPassword } from '../../server/services/passwords.js';
import { createSession } from '../../server/services/sessions.js';
import type { TestServer } from './harness.js';

export const GOOD_PASSWORD = 'Tianmu@2024';
export const OTHER_PASSWORD = 'Other#Pass99';

/** argon2 costs ~80 ms a hash: one per distinct password per test file is enough. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

/** Inserts an account directly; with `password` it can log in, without it only direct sessions work. */
export async function insertUser(
  db: Kysely<Database>,
  user: { phone: string; password?: string; name?: string; deptId?: number | null; role?: 'user' | 'staff' | 'admin' },
): Promise<number> {
  const passwordHash = user.password ? await hashOnce(user.password) : 'not-a-hash';
  const row = await db
    .insertInto('appUser')
    .values({ phone: user.phone, passwordHash, name: user.name ?? '测试用户', deptId: user.deptId ?? null, role: user.role ?? 'user' })
    .returning('userId')
    .executeTakeFirstOrThrow();
  return row.userId;
}

/** A session token for `userId` without going through login (no password hashing). */
export function sessionFor(server: TestServer, userId: number): Promise<string> {
  return createSession(server.db, userId, {
    idleMinutes: server.config.sessionIdleMinutes,
    absoluteHours: server.config.sessionAbsoluteHours,
  });
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The newest SMS code row for a phone (what the user would read in the text message). */
export async function latestSmsCode(db: Kysely<Database>, phone: string): Promise<{ code: string; uuid: string; id: number }> {
  return db.selectFrom('smsCode').select(['id', 'code', 'uuid']).where('phone', '=', phone).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

export type Part = { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body built by hand, with the content-type header naming its boundary. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tianmu${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
