import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Delivers a text message. A real provider (Aliyun, Tencent Cloud…) implements this and is chosen by SMS_PROVIDER. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/** The built-in sender: writes the message to the server log and the sms_outbox table (demo and tests read it there). */
export function createLogSmsSender(db: Kysely<Database>, log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    name: 'log',
    async send(phone, content) {
      await db.insertInto('smsOutbox').values({ phone, content, provider: 'log' }).execute();
      log.info({ phone, sms: content }, 'SMS (built-in log sender)');
    },
  };
}

export function createSmsSender(provider: string, db: Kysely<Database>, log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  switch (provider) {
    case 'log':
      return createLogSmsSender(db, log);
    default:
      throw new Error(`未知的短信服务商 SMS_PROVIDER=${provider}（可用：log）`);
  }
}
