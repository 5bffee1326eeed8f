/**
 * Staff review of auction registrations from the command line (the same operation as the auctionReview call).
 *   npx tsx scripts/review-registration.ts --list [--project 12]          registrations awaiting review
 *   npx tsx scripts/review-registration.ts --project 12 --user 34 --approve   approve: assigns the next bidder code
 *   npx tsx scripts/review-registration.ts --project 12 --user 34 --reject    reject
 *   [--reviewer 5]  the staff account recorded as reviewer (default: none)
 * Opens the database the way the server does (PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR). On
 * PostgreSQL running servers get the user's notice at once. PGlite allows one process: while the server holds the
 * folder the CLI is refused (naming the server's process) and changes nothing; stop the server or use the
 * auctionReview call.
 */
import { loadConfig } from '../server/runtime/config.js';
import { migrateToLatest, openDatabase, pgliteDir } from '../server/db/database.js';
import { listRegistrations, review } from '../server/auction/index.js';
import { ApiError } from '../server/api/errors.js';
import { formatDateTime } from '../server/api/format.js';

interface Args {
  list: boolean;
  project?: number;
  user?: number;
  reviewer?: number;
  decision?: 'approve' | 'reject';
}

const USAGE = '用法：npx tsx scripts/review-registration.ts --list [--project ID] | --project ID --user ID --approve|--reject [--reviewer ID]';

function positive(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} 需要一个正整数，收到：${value ?? '（空）'}`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { list: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--list') args.list = true;
    else if (flag === '--project') args.project = positive(flag, value());
    else if (flag === '--user') args.user = positive(flag, value());
    else if (flag === '--reviewer') args.reviewer = positive(flag, value());
    else if (flag === '--approve' || flag === '--reject') {
      if (args.decision) throw new Error('--approve 与 --reject 只能选一个');
      args.decision = flag === '--approve' ? 'approve' : 'reject';
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`未知参数：${argv[i]}\n${USAGE}`);
  }
  if (!args.list && (!args.project || !args.user || !args.decision)) throw new Error(`审核需要 --project、--user 和 --approve 或 --reject\n${USAGE}`);
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
  try {
    await migrateToLatest(handle.db);
    if (args.list) {
      const { rows, total } = await listRegistrations(handle.db, { projectId: args.project, state: 2, limit: 200, offset: 0 });
      console.log(`待审核报名：${total} 条${total > rows.length ? `（显示前 ${rows.length} 条）` : ''}`);
      for (const r of rows) {
        console.log(`  项目 ${r.projectId}「${r.projectName}」 用户 ${r.userId} ${r.name || '（未填姓名）'} ${r.phone} 报名于 ${formatDateTime(r.createdAt)}`);
      }
      return 0;
    }
    const result = await review(handle.db, {
      projectId: args.project!,
      userId: args.user!,
      approve: args.decision === 'approve',
      reviewerId: args.reviewer ?? null,
    });
    console.log(
      result.state === 1
        ? `已通过：项目 ${result.projectId}「${result.projectName}」 用户 ${result.userId}，竞买号 ${result.bidderCode}（已发送站内消息 ${result.messageId}）`
        : `已驳回：项目 ${result.projectId}「${result.projectName}」 用户 ${result.userId}（已发送站内消息 ${result.messageId}）`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(`审核失败：${error.msg}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error((error as Error).message);
    process.exit(2);
  },
);
