/**
 * Staff review of auction registrations from the command line (the same operations as the auctionReview and
 * adminDepositMark calls, under the same rules: a project that asks a deposit is approved only once it is marked).
 *   npx tsx scripts/review-registration.ts --list [--project 12]          registrations awaiting review, with their deposit
 *   npx tsx scripts/review-registration.ts --project 12 --user 34 --approve   approve: assigns the next bidder code
 *   npx tsx scripts/review-registration.ts --project 12 --user 34 --reject    reject
 *   npx tsx scripts/review-registration.ts --project 12 --user 34 --deposit 2000 --paid-on 2026-01-05 --ref 流水号 --reviewer 5 [--approve]
 *       marks the deposit received (audited under the staff account --reviewer), then approves when asked
 *   [--reviewer 5]  the staff account recorded as reviewer (default: none; required to mark a deposit)
 * Opens the database the way the server does (PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR). On
 * PostgreSQL running servers get the user's notice at once. PGlite allows one process: while the server holds the
 * folder the CLI is refused (naming the server's process) and changes nothing; stop the server or use the
 * auctionReview call.
 */
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from '../server/runtime/config.js';
import { migrateToLatest, openDatabase, pgliteDir } from '../server/db/database.js';
import type { Database } from '../server/db/schema.js';
import { DepositRequiredError, listRegistrations, markDeposit, review } from '../server/auction/index.js';
import { money } from '../server/auction/format.js';
import { ApiError } from '../server/api/errors.js';
import { formatDateTime } from '../server/api/format.js';
import type { SessionUser } from '../server/services/sessions.js';

interface Args {
  list: boolean;
  project?: number;
  user?: number;
  reviewer?: number;
  decision?: 'approve' | 'reject';
  deposit?: { amount: number; paidOn: string; ref: string };
}

/** Where the command writes: the console, or a test's lines. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

const USAGE =
  '用法：npx tsx scripts/review-registration.ts --list [--project ID] | --project ID --user ID --approve|--reject [--reviewer ID]\n' +
  '      登记保证金到账：--project ID --user ID --deposit 金额 --paid-on YYYY-MM-DD --ref 银行流水号 --reviewer 工作人员编号 [--approve]';
const DEPOSIT_HINT = '登记保证金到账后再审核：加 --deposit 金额 --paid-on YYYY-MM-DD --ref 银行流水号 --reviewer 工作人员编号';

function positive(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 2147483647) throw new Error(`${flag} 需要一个正整数，收到：${value ?? '（空）'}`);
  return n;
}

function text(flag: string, value: string | undefined): string {
  if (value === undefined || !value.trim() || value.startsWith('--')) throw new Error(`${flag} 需要一个值`);
  if (value.includes('\0') || value.length > 100) throw new Error(`${flag} 的值无效`);
  return value;
}

/** The deposit flags together or none of them; the amount's and day's own checks are markDeposit's. */
function depositOf(amount: string | undefined, paidOn: string | undefined, ref: string | undefined): Args['deposit'] {
  if (amount === undefined && paidOn === undefined && ref === undefined) return undefined;
  if (amount === undefined || paidOn === undefined || ref === undefined) throw new Error(`登记保证金需要 --deposit、--paid-on 和 --ref 三项\n${USAGE}`);
  const n = Number(amount);
  if (!Number.isFinite(n)) throw new Error(`--deposit 需要一个金额（元），收到：${amount}`);
  return { amount: n, paidOn, ref };
}

export function parseArgs(argv: string[]): Args | 'help' {
  const args: Args = { list: false };
  const deposit: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--list') args.list = true;
    else if (flag === '--project') args.project = positive(flag, value());
    else if (flag === '--user') args.user = positive(flag, value());
    else if (flag === '--reviewer') args.reviewer = positive(flag, value());
    else if (flag === '--deposit' || flag === '--paid-on' || flag === '--ref') deposit[flag] = text(flag, value());
    else if (flag === '--approve' || flag === '--reject') {
      if (args.decision) throw new Error('--approve 与 --reject 只能选一个');
      args.decision = flag === '--approve' ? 'approve' : 'reject';
    } else if (flag === '--help' || flag === '-h') return 'help';
    else throw new Error(`未知参数：${argv[i]}\n${USAGE}`);
  }
  args.deposit = depositOf(deposit['--deposit'], deposit['--paid-on'], deposit['--ref']);
  if (args.deposit && args.reviewer === undefined) throw new Error('登记保证金需要 --reviewer：登记人（工作人员账号编号），记入操作日志');
  if (args.list) return args;
  if (!args.project || !args.user || !(args.decision || args.deposit)) throw new Error(`审核需要 --project、--user 和 --approve 或 --reject\n${USAGE}`);
  return args;
}

/** The staff account named by --reviewer, as the actor of the deposit's audit row. */
async function staffActor(db: Kysely<Database>, userId: number): Promise<SessionUser> {
  const row = await db.selectFrom('appUser').select(['userId', 'phone', 'name', 'role', 'deptId', 'disabled']).where('userId', '=', userId).executeTakeFirst();
  if (!row || row.disabled || (row.role !== 'staff' && row.role !== 'admin')) throw new ApiError(400, `--reviewer ${userId} 不是可用的工作人员账号`);
  return { userId: row.userId, phone: row.phone, name: row.name, role: row.role, deptId: row.deptId, sessionId: 0, mustChangePassword: false };
}

async function listPending(db: Kysely<Database>, projectId: number | undefined, out: Output): Promise<void> {
  const { rows, total } = await listRegistrations(db, { projectId, state: 2, limit: 200, offset: 0 });
  out.log(`待审核报名：${total} 条${total > rows.length ? `（显示前 ${rows.length} 条）` : ''}`);
  for (const r of rows) {
    const deposit =
      r.depositState === 'paid'
        ? ` 保证金已到账 ${money(r.depositAmount ?? 0)}（${r.depositPaidOn}）`
        : r.depositState === 'due'
          ? ` 保证金未登记（须 ${money(r.deposit ?? 0)}）`
          : '';
    out.log(
      `  项目 ${r.projectId}「${r.projectName}」 用户 ${r.userId} ${r.name || '（未填姓名）'} ${r.phone} 报名于 ${formatDateTime(r.createdAt)}${deposit}`,
    );
  }
}

/** Runs the command on an open database; the exit code (0 done, 1 refused with the reason written). */
export async function runReviewCommand(db: Kysely<Database>, args: Args, out: Output): Promise<number> {
  let failed = '审核失败';
  try {
    if (args.list) {
      await listPending(db, args.project, out);
      return 0;
    }
    const target = { projectId: args.project!, userId: args.user! };
    if (args.deposit) {
      failed = '登记保证金失败';
      const marked = await markDeposit(db, { ...target, ...args.deposit, actor: await staffActor(db, args.reviewer!) });
      out.log(
        `已登记保证金：项目 ${marked.projectId} 用户 ${marked.userId}，到账 ${money(marked.depositAmount ?? 0)}（${marked.depositPaidOn}，流水号 ${marked.depositRef}）`,
      );
    }
    if (!args.decision) return 0;
    failed = '审核失败';
    const result = await review(db, { ...target, approve: args.decision === 'approve', reviewerId: args.reviewer ?? null });
    out.log(
      result.state === 1
        ? `已通过：项目 ${result.projectId}「${result.projectName}」 用户 ${result.userId}，竞买号 ${result.bidderCode}（已发送站内消息 ${result.messageId}）`
        : `已驳回：项目 ${result.projectId}「${result.projectName}」 用户 ${result.userId}（已发送站内消息 ${result.messageId}）`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    out.error(`${failed}：${error.msg}`);
    if (error instanceof DepositRequiredError) out.error(DEPOSIT_HINT);
    return 1;
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
  try {
    await migrateToLatest(handle.db);
    return await runReviewCommand(handle.db, args, console);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error((error as Error).message);
      process.exit(2);
    },
  );
}
