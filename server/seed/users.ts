import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bulkInsert } from '../db/bulk-insert.js';
import type { SeedRegion } from './places.js';
import { DAY, HOUR, MINUTE, type Rng } from './random.js';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_PHONES = ['13800000001', '13800000002', '13800000003'];
/** The staff console's other accounts: an administrator, and staff of a second county (isolation demos). */
export const CONSOLE_ADMIN_PHONE = '13800000004';
export const CONSOLE_OTHER_STAFF_PHONE = '13800000005';

export interface SeedUser {
  userId: number;
  phone: string;
  name: string;
  deptId: number;
  role: 'user' | 'staff' | 'admin';
  demo: boolean;
}

const DEMO_PEOPLE: Array<{ name: string; role: 'user' | 'staff'; region: number }> = [
  { name: '张建国', role: 'user', region: 0 },
  { name: '李秀英', role: 'user', region: 1 },
  { name: '王志强', role: 'staff', region: 2 },
];

/** Other bidders, so projects can have several registrants; they share the demo password. */
const BIDDERS = ['赵卫东', '孙丽华', '周海涛', '吴秀兰', '郑国强', '陈永胜', '刘桂芳', '杨明辉', '黄志刚'];

/**
 * The three demo accounts (argon2id, each with its own salt) and nine other bidders, spread across the regions.
 * A demo phone that already exists is taken over (its password reset to the demo password).
 */
export async function seedUsers(db: Kysely<Database>, regions: SeedRegion[], now: Date): Promise<SeedUser[]> {
  // argon2 hashing runs on the libuv pool, so the hashes are computed side by side.
  const [demoHashes, bidderHash] = await Promise.all([Promise.all(DEMO_PHONES.map(() => hash(DEMO_PASSWORD))), hash(DEMO_PASSWORD)]);
  // Staff belong to a county (the console scopes them to it and the places under it); the administrator to a root.
  const staffRegion = regions[2 % regions.length];
  const counties = regions.flatMap((r) => r.counties);
  const staffCounty = staffRegion.counties[0]?.deptId ?? staffRegion.rootId;
  const otherCounty = (staffRegion.counties[1] ?? counties.find((c) => c.deptId !== staffCounty))?.deptId ?? staffRegion.rootId;
  const people: Array<{ phone: string; name: string; role: 'user' | 'staff' | 'admin'; deptId: number; passwordHash: string; demo: boolean }> = [
    ...DEMO_PEOPLE.map((p, i) => ({
      phone: DEMO_PHONES[i],
      name: p.name,
      role: p.role,
      deptId: p.role === 'staff' ? staffCounty : regions[p.region % regions.length].rootId,
      passwordHash: demoHashes[i],
      demo: true,
    })),
    { phone: CONSOLE_ADMIN_PHONE, name: '赵管理', role: 'admin', deptId: staffRegion.rootId, passwordHash: bidderHash, demo: false },
    { phone: CONSOLE_OTHER_STAFF_PHONE, name: '钱工作', role: 'staff', deptId: otherCounty, passwordHash: bidderHash, demo: false },
    ...BIDDERS.map((name, i) => ({
      phone: `139000000${String(i + 1).padStart(2, '0')}`,
      name,
      role: 'user' as const,
      deptId: regions[(i + 3) % regions.length].rootId,
      passwordHash: bidderHash,
      demo: false,
    })),
  ];
  const createdAt = new Date(now.getTime() - 400 * DAY);
  const users: SeedUser[] = [];
  for (const p of people) {
    const row = await db
      .insertInto('appUser')
      .values({
        phone: p.phone,
        passwordHash: p.passwordHash,
        name: p.name,
        role: p.role,
        deptId: p.deptId,
        idCard: null,
        email: null,
        // Every account the seed writes shares a published password: a production start refuses them.
        demoAccount: true,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ passwordHash: p.passwordHash, name: p.name, role: p.role, deptId: p.deptId, demoAccount: true }))
      .returning('userId')
      .executeTakeFirstOrThrow();
    users.push({ userId: row.userId, phone: p.phone, name: p.name, deptId: p.deptId, role: p.role, demo: p.demo });
  }
  return users;
}

/** A project a demo user registered for, as the messages mention it. */
export interface UserProjectRef {
  userId: number;
  projectId: number;
  projectName: string;
  state: number;
  bidderCode: string;
  biddingStartTime: Date;
}

/**
 * Messages for the demo users (registration results, bidding reminders, a welcome note; the newest unread) and
 * one feedback item each, the first two answered.
 */
export async function seedUserActivity(
  db: Kysely<Database>,
  rng: Rng,
  users: SeedUser[],
  refs: UserProjectRef[],
  now: Date,
): Promise<{ message: number; feedback: number }> {
  const messages: Array<{ userId: number; refId: string; title: string; content: string; readAt: Date | null; createTime: Date }> = [];
  const feedback: Array<{
    userId: number;
    deptId: number;
    type: string;
    title: string;
    content: string;
    contact: string;
    reply: string | null;
    replyTime: Date | null;
    createTime: Date;
  }> = [];
  const demo = users.filter((u) => u.demo);
  demo.forEach((u, i) => {
    const r = rng.fork(`activity:${u.phone}`);
    const mine = refs.filter((x) => x.userId === u.userId);
    const welcomeAt = new Date(now.getTime() - r.int(60, 90) * DAY);
    messages.push({
      userId: u.userId,
      refId: '',
      title: '欢迎使用农村产权交易平台',
      content: '您的账号已注册成功。参与竞价前请先完善个人信息，并仔细阅读交易规则。',
      readAt: new Date(welcomeAt.getTime() + HOUR),
      createTime: welcomeAt,
    });
    const approved = mine.find((x) => x.state === 1);
    if (approved) {
      const at = new Date(now.getTime() - r.int(2, 20) * DAY);
      messages.push({
        userId: u.userId,
        refId: String(approved.projectId),
        title: '报名审核通过',
        content: `您报名的项目“${approved.projectName}”已审核通过，竞买号：${approved.bidderCode}，请按时参加竞价。`,
        readAt: new Date(at.getTime() + 3 * HOUR),
        createTime: at,
      });
    }
    const upcoming = mine.find((x) => x.biddingStartTime.getTime() > now.getTime()) ?? mine[0];
    const at = new Date(now.getTime() - r.int(10, 600) * MINUTE);
    messages.push({
      userId: u.userId,
      refId: upcoming ? String(upcoming.projectId) : '',
      title: '竞价提醒',
      content: upcoming
        ? `您报名的项目“${upcoming.projectName}”即将进入竞价阶段，请提前登录系统做好准备。`
        : '您关注的项目即将进入竞价阶段，请提前登录系统做好准备。',
      readAt: null,
      createTime: at,
    });
    const asked = new Date(now.getTime() - r.int(5, 40) * DAY);
    const answered = i < 2;
    feedback.push({
      userId: u.userId,
      deptId: u.deptId,
      type: ['咨询', '建议', '投诉'][i % 3],
      title: ['保证金退还时间咨询', '建议增加手机端竞价提醒', '项目现场踏勘预约'][i % 3],
      content: [
        '我上个月参与的土地流转项目没有竞得，保证金什么时候能退回？',
        '希望竞价开始前能通过短信提醒，避免错过竞价时间。',
        '想预约现场查看地块，请问如何联系转出方？',
      ][i % 3],
      contact: u.phone,
      reply: answered ? ['未竞得人的保证金在竞价结束后5个工作日内原路退还，请留意银行到账信息。', '感谢您的建议，竞价提醒功能已列入平台优化计划。'][i] : null,
      replyTime: answered ? new Date(asked.getTime() + r.int(2, 30) * HOUR) : null,
      createTime: asked,
    });
  });
  await bulkInsert(
    db,
    'message',
    { userId: 'integer', refId: 'text', title: 'text', content: 'text', readAt: 'timestamptz', createTime: 'timestamptz' },
    messages,
  );
  await bulkInsert(
    db,
    'feedback',
    {
      userId: 'integer',
      deptId: 'integer',
      type: 'text',
      title: 'text',
      content: 'text',
      contact: 'text',
      reply: 'text',
      replyTime: 'timestamptz',
      createTime: 'timestamptz',
    },
    feedback,
  );
  return { message: messages.length, feedback: feedback.length };
}
