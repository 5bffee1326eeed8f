import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeclaredPlace } from '../../engine/region-files/places.js';
import { passwordProblem } from '../../machines/password-rule.js';
import { phoneProblem } from '../../machines/phone-rule.js';
import type { Database } from '../db/schema.js';
import { audit } from './audit.js';
import { hashPassword } from './passwords.js';

/** A refusal of the administrator command, in words for the operator (Chinese, with what to do instead). */
export class AdminCreateError extends Error {}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
// Specials that survive a terminal, a chat message and a Chinese IME without escaping.
const SPECIALS = '@#%+=_-';
const ONE_TIME_LENGTH = 16;

/**
 * A one-time password that meets the portal's rule: 16 characters from a cryptographic source, one of each kind at
 * least, without look-alikes (l/1, O/0) so it can be read aloud or copied from a screen.
 */
export function oneTimePassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIALS;
  const pick = (set: string) => set[crypto.randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < ONE_TIME_LENGTH) chars.push(pick(all));
  // Fisher–Yates, so the guaranteed kinds are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The place a `--place` names: a deptId, a deptCode or a unique name from the regions' places.yaml. */
export function resolveDeclaredPlace(places: readonly DeclaredPlace[], wanted: string): DeclaredPlace {
  const text = wanted.trim();
  if (!text) throw new AdminCreateError('请用 --place 指定管理员所属地点（地点编号 deptId、地点代码或名称，取自 regions/*/places.yaml）。');
  const byId = /^\d{1,9}$/.test(text) ? places.find((p) => p.deptId === Number(text)) : undefined;
  if (byId) return byId;
  const byCode = places.find((p) => p.deptCode === text);
  if (byCode) return byCode;
  const byName = places.filter((p) => p.deptName === text);
  if (byName.length === 1) return byName[0];
  const nameOf = (deptId: number) => places.find((p) => p.deptId === deptId)?.deptName ?? '（无）';
  if (byName.length > 1) {
    const choices = byName.map((p) => `${p.deptId}（${nameOf(p.parentId)} ${p.deptName}）`).join('、');
    throw new AdminCreateError(`有 ${byName.length} 个地点名为“${text}”：${choices}。请用 --place 给出其中一个的编号。`);
  }
  const roots = places
    .filter((p) => !places.some((q) => q.deptId === p.parentId))
    .map((p) => `${p.deptId}（${p.deptName}）`)
    .join('、');
  throw new AdminCreateError(`没有哪个 places.yaml 声明了地点“${text}”。可用的顶级地点：${roots || '（无）'}。`);
}

export interface NewAdministrator {
  phone: string;
  name: string;
  place: DeclaredPlace;
  /** A password the operator chose (read from stdin); a one-time one is generated when absent. */
  password?: string;
}

export interface CreatedAdministrator {
  userId: number;
  /** The password to hand over: must be changed at the first sign-in either way. */
  password: string;
  generated: boolean;
}

/**
 * Creates an administrator for a place, with a password that must be changed at first sign-in, and its audit row in
 * the same transaction (the new account is its own actor: nobody is signed in to a command line). Refuses a phone
 * that already has an account, a place not in the database (run the place sync first), a weak password.
 *
 * @example
 * const { password } = await createAdministrator(db, { phone: '13912345678', name: '李主任', place });
 */
export async function createAdministrator(db: Kysely<Database>, input: NewAdministrator): Promise<CreatedAdministrator> {
  const phone = input.phone.trim();
  const phoneIssue = phoneProblem(phone);
  if (phoneIssue) throw new AdminCreateError(`手机号“${phone}”不正确：${phoneIssue}`);
  const name = input.name.trim();
  if (!name || name.length > 30) throw new AdminCreateError('请用 --name 给出管理员姓名（1 到 30 个字）。');
  if (input.password !== undefined && passwordProblem(input.password)) {
    throw new AdminCreateError(`密码太弱：${passwordProblem(input.password)}`);
  }
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('appUser').select(['userId', 'role']).where('phone', '=', phone).executeTakeFirst();
    if (existing) throw new AdminCreateError(`手机号 ${phone} 已有账号（编号 ${existing.userId}），未创建。已有管理员忘记密码时，请用短信找回密码。`);
    const place = await trx.selectFrom('place').select('deptId').where('deptId', '=', input.place.deptId).executeTakeFirst();
    if (!place)
      throw new AdminCreateError(`数据库中还没有地点 ${input.place.deptId}（${input.place.deptName}）：请先启动一次服务器或运行 npm run places:sync。`);
    const row = await trx
      .insertInto('appUser')
      .values({ phone, passwordHash, name, role: 'admin', deptId: input.place.deptId, mustChangePassword: true })
      .returning('userId')
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      { userId: row.userId, phone, name, role: 'admin', deptId: input.place.deptId, sessionId: 0, mustChangePassword: true },
      {
        deptId: null,
        entity: 'staff',
        entityId: row.userId,
        action: 'create',
        before: null,
        after: { userId: row.userId, phone, name, role: 'admin', deptId: input.place.deptId, createdBy: 'npm run admin:create' },
      },
    );
    return row.userId;
  });
  return { userId, password, generated: input.password === undefined };
}
