import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Delivers a text message. A real provider (Aliyun, Tencent Cloud…) implements this and is chosen by SMS_PROVIDER. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/** The message with its codes (runs of 4+ digits) masked, for the log: `您的验证码为******`. */
export const maskCodes = (content: string) => content.replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));

/** A person at the terminal running the server (npm run dev / npm start): the demo sender shows them the message. */
const printToTerminal = (line: string) => {
  if (process.stdout.isTTY) process.stdout.write(`${line}\n`);
};

/**
 * The built-in demo sender: the message goes to the sms_outbox table (demo and tests read it there) and, in full, to
 * the terminal when the server runs in one — the demo's stand-in for a phone. The structured log, which may be
 * shipped and kept, gets the message with the code masked: no secret in any log line.
 */
export function createLogSmsSender(db: Kysely<Database>, log: Pick<FastifyBaseLogger, 'info'>, print: (line: string) => void = printToTerminal): SmsSender {
  return {
    name: 'log',
    async send(phone, content) {
      await db.insertInto('smsOutbox').values({ phone, content, provider: 'log' }).execute();
      log.info({ phone, sms: maskCodes(content) }, 'SMS (built-in log sender; full text in sms_outbox)');
      print(`[演示短信] ${phone}：${content}`);
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
