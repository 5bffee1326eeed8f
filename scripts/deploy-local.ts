/**
 * npm run deploy:local [-- --demo] [--projects N] [--admin-phone P [--admin-name N] [--admin-place 淳安县]] [--database-url URL]
 *
 * The production layout on this machine's loopback: a throwaway PostgreSQL, two instances on it and Debian's nginx
 * in front (deploy/nginx.conf) with a self-signed certificate, on https://127.0.0.1:18443 and http://127.0.0.1:18080.
 * Without --demo the instances run as production (NODE_ENV=production, new keys, no demo data); with --demo the demo
 * is seeded once first. In production, --admin-phone makes the first administrator (npm run admin:create) and prints
 * its one-time password. Ctrl+C stops everything and removes what it made.
 */
import { startLocalStack, type LocalStackOptions } from './deploy/local-stack.js';

const USAGE =
  '用法：npm run deploy:local -- [--demo] [--projects N] [--admin-phone <手机号> [--admin-name <姓名>] [--admin-place <地点>]] [--database-url postgres://…]';

function parseArgs(argv: string[]): LocalStackOptions {
  const options: LocalStackOptions = { mode: 'production' };
  const admin = { phone: '', name: '管理员', place: '淳安县' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--demo') options.mode = 'demo';
    else if (arg === '--projects') options.projects = Number(argv[++i]);
    else if (arg === '--database-url') options.databaseUrl = argv[++i];
    else if (arg === '--admin-phone') admin.phone = argv[++i];
    else if (arg === '--admin-name') admin.name = argv[++i];
    else if (arg === '--admin-place') admin.place = argv[++i];
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`未知参数：${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (options.projects !== undefined && !(Number.isInteger(options.projects) && options.projects >= 0)) {
    console.error(`--projects 需要一个非负整数\n${USAGE}`);
    process.exit(2);
  }
  if (admin.phone) {
    if (options.mode === 'demo') {
      console.error(`--admin-phone 只用于生产模式（演示数据已有管理员 13800000004）\n${USAGE}`);
      process.exit(2);
    }
    options.admin = admin;
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const starting = startLocalStack({ ...options, echo: (line) => console.log(line), progress: (line) => console.log(line) });
let stopping = false;
const stopAndExit = async (code: number) => {
  if (stopping) return;
  stopping = true;
  // A stop asked for mid-start waits for the step under way: what it starts is then stopped with the rest.
  console.log('\n正在停止 nginx、实例和数据库…');
  const stack = await starting.catch(() => undefined);
  await stack?.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAndExit(0));

const stack = await starting.catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(
  [
    '',
    `田亩已在 nginx 后运行（${options.mode === 'demo' ? '演示数据' : '生产模式，无演示数据'}）：`,
    `  ${stack.httpsUrl}    （自签名证书：浏览器会提示不受信任）`,
    `  ${stack.httpUrl}     → 301 跳转到 HTTPS`,
    `  实例：${stack.instances.map((i) => i.url).join('  ')}`,
    `  数据库：${stack.databaseUrl}`,
    `  nginx 配置、证书、日志：${stack.dir}`,
    ...(options.mode === 'demo'
      ? ['  演示账号：13800000001 / Demo@12345（见 README「Demo accounts」）']
      : [
          `  API_SIGN_KEY=${stack.signKey}`,
          `  API_FORM_SECRET=${stack.formSecret}`,
          stack.admin
            ? `  管理员：${stack.admin.phone}，一次性密码 ${stack.admin.password}（在 ${stack.httpsUrl}#/admin 登录后须先修改）`
            : `  创建管理员：DATABASE_URL=${stack.databaseUrl} npm run admin:create -- --phone <手机号> --name <姓名> --place <地点>`,
        ]),
    '按 Ctrl+C 停止并清理全部。',
    '',
  ].join('\n'),
);
