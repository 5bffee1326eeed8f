import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from '../runtime/config.js';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest } from '../api/errors.js';
import type { SmsSender } from './sms-sender.js';
import { MESSAGES } from '../api/messages.js';

export const SMS_CODE_TTL_MINUTES = 10;
export const SMS_RESEND_SECONDS = 60;
/** Wrong guesses allowed against one code before it is burnt: 6 digits must not be guessable in 10 minutes. */
export const SMS_MAX_WRONG_GUESSES = 5;

const M = MESSAGES.sms;

const CST_OFFSET_MS = 8 * 3600_000;

/** Midnight of the current day in China Standard Time, the boundary of the daily cap. */
export function startOfCstDay(now: Date): Date {
  const cst = new Date(now.getTime() + CST_OFFSET_MS);
  return new Date(Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth(), cst.getUTCDate()) - CST_OFFSET_MS);
}

/** The text message carrying a code. */
export const smsCodeContent = (code: string) => M.codeContent(code, SMS_CODE_TTL_MINUTES);

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
 * most config.smsDailyCap per phone per day (China Standard Time). Codes live in sms_code, with their wrong guesses:
 * one statement judges a guess and counts it, so however many guesses arrive at once, at most
 * SMS_MAX_WRONG_GUESSES are judged before the code is burnt, on every instance over the database.
 */
export function createSmsCodeService({ db, config, sms }: SmsCodeDeps): SmsCodeService {
  return {
    async issue(phone) {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const uuid = crypto.randomUUID();
      const id = await db.transaction().execute(async (trx) => {
        // Serialises concurrent sends for one phone so the 60 s rule and the daily cap cannot be raced past.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
        const now = new Date();
        const last = await trx.selectFrom('smsCode').select('createdAt').where('phone', '=', phone).orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
        if (last && now.getTime() - last.createdAt.getTime() < SMS_RESEND_SECONDS * 1000) {
          throw new ApiError(429, M.tooFrequent);
        }
        const { count } = await trx
          .selectFrom('smsCode')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('phone', '=', phone)
          .where('createdAt', '>=', startOfCstDay(now))
          .executeTakeFirstOrThrow();
        if (Number(count) >= config.smsDailyCap) throw new ApiError(429, M.dailyCapReached);
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
        throw new ApiError(500, M.sendFailed(error instanceof Error ? error.message : String(error)));
      }
      return { uuid };
    },

    async consume(phone, codeValue, uuidValue) {
      const code = typeof codeValue === 'string' || typeof codeValue === 'number' ? String(codeValue).trim() : '';
      if (!code) throw badRequest(M.codeEmpty);
      const uuid = typeof uuidValue === 'string' ? uuidValue.trim() : '';
      const latest = await db
        .selectFrom('smsCode')
        .selectAll()
        .where('phone', '=', phone)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) throw badRequest(M.noCodeYet);
      if (latest.wrongGuesses >= SMS_MAX_WRONG_GUESSES) throw badRequest(M.tooManyGuesses);
      if (latest.usedAt) throw badRequest(M.codeUsed);
      if (latest.expiresAt.getTime() <= Date.now()) throw badRequest(M.codeExpired);
      if (uuid && uuid !== latest.uuid) throw badRequest(M.codeSuperseded);
      // Judge and count in one row update: the row lock serialises parallel guesses, and a guess arriving after the
      // code was used or burnt finds no row to update. A right guess uses the code; the wrong guess that reaches the
      // limit burns it. The comparison is the database's, not constant-time: with five guesses a code, timing tells
      // a guesser nothing they could use.
      const judged = await db
        .updateTable('smsCode')
        .set((eb) => ({
          wrongGuesses: sql<number>`wrong_guesses + CASE WHEN code = ${code} THEN 0 ELSE 1 END`,
          usedAt: sql<Date | null>`CASE WHEN code = ${code} OR wrong_guesses + 1 >= ${SMS_MAX_WRONG_GUESSES} THEN now() ELSE ${eb.ref('usedAt')} END`,
        }))
        .where('id', '=', latest.id)
        .where('usedAt', 'is', null)
        .where('wrongGuesses', '<', SMS_MAX_WRONG_GUESSES)
        .where('expiresAt', '>', sql<Date>`now()`)
        .returning(['wrongGuesses', sql<boolean>`code = ${code}`.as('matched')])
        .executeTakeFirst();
      if (!judged) {
        // Another request used or burnt the code meanwhile (or it expired just now).
        const now = await db.selectFrom('smsCode').select(['wrongGuesses', 'expiresAt']).where('id', '=', latest.id).executeTakeFirstOrThrow();
        if (now.wrongGuesses >= SMS_MAX_WRONG_GUESSES) throw badRequest(M.tooManyGuesses);
        if (now.expiresAt.getTime() <= Date.now()) throw badRequest(M.codeExpired);
        throw badRequest(M.codeUsed);
      }
      if (judged.matched) return;
      if (judged.wrongGuesses >= SMS_MAX_WRONG_GUESSES) throw badRequest(M.tooManyGuesses);
      throw badRequest(M.codeWrong);
    },
  };
}
