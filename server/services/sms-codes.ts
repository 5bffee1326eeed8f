import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest } from '../errors.js';
import type { SmsSender } from './sms-sender.js';

export const SMS_CODE_TTL_MINUTES = 10;
export const SMS_RESEND_SECONDS = 60;
/** Wrong guesses allowed against one code before it is burnt: 6 digits must not be guessable in 10 minutes. */
export const SMS_MAX_WRONG_GUESSES = 5;

export const SMS_TOO_FREQUENT = '验证码发送过于频繁，请60秒后再试';
export const SMS_DAILY_CAP_REACHED = '今日验证码发送次数已达上限，请明天再试';

const CST_OFFSET_MS = 8 * 3600_000;

/** Midnight of the current day in China Standard Time, the boundary of the daily cap. */
export function startOfCstDay(now: Date): Date {
  const cst = new Date(now.getTime() + CST_OFFSET_MS);
  return new Date(Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth(), cst.getUTCDate()) - CST_OFFSET_MS);
}

/** The text message carrying a code. */
export const smsCodeContent = (code: string) => `【田亩】您的验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效。`;

export interface SmsCodeService {
  /** Sends a new code to `phone` (already validated) and returns the uuid that names it. */
  issue(phone: string): Promise<{ uuid: string }>;
  /**
   * Accepts `code` for `phone` once: only the newest code of the phone counts, unused and unexpired, and when
   * `uuid` is given it must be that code's uuid. Throws a 400 saying what is wrong otherwise.
   */
  consume(phone: string, code: unknown, uuid?: unknown): Promise<void>;
}

export interface SmsCodeDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'smsDailyCap'>;
  sms: SmsSender;
}

/**
 * SMS verification codes: 6 random digits, valid 10 minutes, single use, one send per phone per 60 s and at
 * most config.smsDailyCap per phone per day (China Standard Time). Codes live in sms_code. Wrong guesses are
 * counted in memory per code (sms_code has no column for them): a restart forgives them, which is acceptable
 * because a code dies within 10 minutes anyway.
 */
export function createSmsCodeService({ db, config, sms }: SmsCodeDeps): SmsCodeService {
  const wrongGuesses = new Map<number, number>();

  async function burn(id: number): Promise<void> {
    wrongGuesses.delete(id);
    await db.updateTable('smsCode').set({ usedAt: new Date() }).where('id', '=', id).where('usedAt', 'is', null).execute();
  }

  return {
    async issue(phone) {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const uuid = crypto.randomUUID();
      const id = await db.transaction().execute(async (trx) => {
        // Serialises concurrent sends for one phone so the 60 s rule and the daily cap cannot be raced past.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
        const now = new Date();
        const last = await trx
          .selectFrom('smsCode')
          .select('createdAt')
          .where('phone', '=', phone)
          .orderBy('createdAt', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last && now.getTime() - last.createdAt.getTime() < SMS_RESEND_SECONDS * 1000) {
          throw new ApiError(429, SMS_TOO_FREQUENT);
        }
        const { count } = await trx
          .selectFrom('smsCode')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('phone', '=', phone)
          .where('createdAt', '>=', startOfCstDay(now))
          .executeTakeFirstOrThrow();
        if (Number(count) >= config.smsDailyCap) throw new ApiError(429, SMS_DAILY_CAP_REACHED);
        const row = await trx
          .insertInto('smsCode')
          .values({ phone, code, uuid, createdAt: now, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      try {
        await sms.send(phone, smsCodeContent(code));
      } catch (error) {
        // A code the user never received must not count against the 60 s rule or the daily cap.
        await db.deleteFrom('smsCode').where('id', '=', id).execute();
        throw new ApiError(500, `验证码发送失败，请稍后重试（${error instanceof Error ? error.message : String(error)}）`);
      }
      return { uuid };
    },

    async consume(phone, codeValue, uuidValue) {
      const code = typeof codeValue === 'string' || typeof codeValue === 'number' ? String(codeValue).trim() : '';
      if (!code) throw badRequest('请输入验证码');
      const uuid = typeof uuidValue === 'string' ? uuidValue.trim() : '';
      const latest = await db
        .selectFrom('smsCode')
        .selectAll()
        .where('phone', '=', phone)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) throw badRequest('请先获取短信验证码');
      if (latest.usedAt) throw badRequest('验证码已使用，请重新获取');
      if (latest.expiresAt.getTime() <= Date.now()) throw badRequest('验证码已过期，请重新获取');
      if (uuid && uuid !== latest.uuid) throw badRequest('验证码已失效（不是最新发送的验证码），请使用最新收到的验证码');
      const given = Buffer.from(code);
      const expected = Buffer.from(latest.code);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        const wrong = (wrongGuesses.get(latest.id) ?? 0) + 1;
        if (wrong >= SMS_MAX_WRONG_GUESSES) {
          await burn(latest.id);
          throw badRequest('验证码错误次数过多，请重新获取');
        }
        // Entries die with their code; the cap only guards against a flood of distinct phones.
        if (wrongGuesses.size > 10_000) wrongGuesses.clear();
        wrongGuesses.set(latest.id, wrong);
        throw badRequest('验证码错误，请重新输入');
      }
      const used = await db
        .updateTable('smsCode')
        .set({ usedAt: new Date() })
        .where('id', '=', latest.id)
        .where('usedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      wrongGuesses.delete(latest.id);
      // Lost a race with another request presenting the same code.
      if (!used) throw badRequest('验证码已使用，请重新获取');
    },
  };
}
