import type { Kysely } from 'kysely';
import { DEMO_FORM_SECRET, DEMO_SIGN_KEY, type ServerConfig } from './config.js';
import type { Database } from '../db/schema.js';

/** The shortest form secret a production start takes: it signs every form-style call, so it must not be guessable. */
export const MIN_FORM_SECRET_LENGTH = 16;
/** How many demo accounts the refusal names; the rest are counted. */
const NAMED_ACCOUNTS = 5;

/**
 * A production start refused: every problem found, each saying what to change. Operator text, so it stays here in
 * Chinese rather than in the visitors' message catalogue.
 */
export class ProductionConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`生产环境（NODE_ENV=production）有 ${problems.length} 处问题，门户未启动：\n${problems.map((p, i) => `${i + 1}. ${p}`).join('\n')}`);
  }
}

/** The settings a production start refuses, read from the configuration alone (no database needed). */
export function productionSettingProblems(config: ServerConfig): string[] {
  const problems: string[] = [];
  if (config.apiSignKey === DEMO_SIGN_KEY) {
    problems.push(`API_SIGN_KEY 仍是演示值（${DEMO_SIGN_KEY}）：请设置本中心自己的值，例如 openssl rand -hex 16 的输出。`);
  }
  if (config.formSecret === DEMO_FORM_SECRET) {
    problems.push(`API_FORM_SECRET 仍是演示值（${DEMO_FORM_SECRET}）：请设置本中心自己的随机值，例如 openssl rand -hex 24 的输出。`);
  } else if (config.formSecret.length < MIN_FORM_SECRET_LENGTH) {
    problems.push(`API_FORM_SECRET 太短（${config.formSecret.length} 个字符）：至少 ${MIN_FORM_SECRET_LENGTH} 个字符，例如 openssl rand -hex 24 的输出。`);
  }
  if (config.metricsToken !== undefined && config.metricsToken.length < MIN_FORM_SECRET_LENGTH) {
    problems.push(
      `METRICS_TOKEN 太短（${config.metricsToken.length} 个字符）：至少 ${MIN_FORM_SECRET_LENGTH} 个字符，例如 openssl rand -hex 24 的输出；不需要令牌时不要设置。`,
    );
  }
  if (config.previewRegion) problems.push('实时预览（npm run preview）只用于编写地区配置，不能在生产环境运行。');
  return problems;
}

/** The demo's accounts still in the database (their password is published in the README). */
export async function demoAccountProblems(db: Kysely<Database>): Promise<string[]> {
  const accounts = await db.selectFrom('appUser').select(['phone', 'name']).where('demoAccount', '=', true).orderBy('phone').execute();
  if (accounts.length === 0) return [];
  const named = accounts.slice(0, NAMED_ACCOUNTS).map((a) => `${a.phone}（${a.name}）`);
  const more = accounts.length > NAMED_ACCOUNTS ? ` 等` : '';
  return [
    `数据库中有 ${accounts.length} 个演示账号：${named.join('、')}${more}。演示账号的密码已在说明文档中公开。` +
      '生产环境请使用不含演示数据的新数据库（新建空数据库，设置 DATABASE_URL，再运行 npm run admin:create 创建管理员）。',
  ];
}
