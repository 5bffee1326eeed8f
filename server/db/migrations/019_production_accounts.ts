import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// A production start refuses a database that still holds the demo's accounts (their password is published in the
// README), so those accounts are marked: the seed marks what it writes, and this marks the ones an earlier seed wrote
// (the seed's fixed phones, still named as the seed named them). An account created with a one-time password
// (npm run admin:create) must change it before it may do anything else.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE app_user ADD COLUMN demo_account boolean NOT NULL DEFAULT false;
    ALTER TABLE app_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
    UPDATE app_user SET demo_account = true WHERE (phone, name) IN (
      ('13800000001', '张建国'), ('13800000002', '李秀英'), ('13800000003', '王志强'), ('13800000004', '赵管理'),
      ('13800000005', '钱工作'), ('13900000001', '赵卫东'), ('13900000002', '孙丽华'), ('13900000003', '周海涛'),
      ('13900000004', '吴秀兰'), ('13900000005', '郑国强'), ('13900000006', '陈永胜'), ('13900000007', '刘桂芳'),
      ('13900000008', '杨明辉'), ('13900000009', '黄志刚')
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE app_user DROP COLUMN IF EXISTS must_change_password;
    ALTER TABLE app_user DROP COLUMN IF EXISTS demo_account;
  `,
  );
}
