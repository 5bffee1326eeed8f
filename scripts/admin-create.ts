/**
 * npm run admin:create -- --phone 13912345678 --name 李主任 --place 3301 [--password-stdin]
 *
 * The first administrator of a deployment (production has no demo accounts): an administrator of a place that a
 * regions/<folder>/places.yaml declares (its deptId, deptCode or unique name). A one-time password is generated and
 * printed once — or, with --password-stdin, read from the first line of standard input — and must be changed at the
 * first sign-in (#/admin). Opens the database as the server does (PGlite under DATA_DIR, or DATABASE_URL), migrates
 * it and brings its places in line with places.yaml first, so it works on an empty database before the first start.
 * The creation is written to the audit log.
 */
import readline from 'node:readline';
import { loadConfig } from '../server/runtime/config.js';
import { syncPlaces } from '../server/services/places-sync.js';
import { PortalRegions } from '../server/delivery/portal-regions.js';
import { AdminCreateError, createAdministrator, resolveDeclaredPlace } from '../server/services/first-admin.js';
import { runCommand, withMigratedDatabase } from './cli.js';

const USAGE = '用法：npm run admin:create -- --phone <手机号> --name <姓名> --place <地点编号、代码或名称> [--password-stdin]';

interface Args {
  phone: string;
  name: string;
  place: string;
  passwordStdin: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { phone: '', name: '', place: '', passwordStdin: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--phone') args.phone = value();
    else if (flag === '--name') args.name = value();
    else if (flag === '--place') args.place = value();
    else if (flag === '--password-stdin') args.passwordStdin = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new AdminCreateError(`未知参数：${argv[i]}\n${USAGE}`);
  }
  const missing = [!args.phone && '--phone', !args.name && '--name', !args.place && '--place'].filter(Boolean);
  if (missing.length) throw new AdminCreateError(`缺少 ${missing.join('、')}\n${USAGE}`);
  return args;
}

/** The first line of standard input, without its line ending (a password piped in, never echoed). */
async function firstLineOfStdin(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  throw new AdminCreateError('--password-stdin：标准输入中没有密码。');
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const catalog = new PortalRegions(config.regionsDir).load();
  const place = resolveDeclaredPlace(catalog.places, args.place);
  const password = args.passwordStdin ? await firstLineOfStdin() : undefined;
  return withMigratedDatabase(config, async (handle) => {
    await syncPlaces(handle.db, catalog.places, { info: () => undefined, warn: (line) => console.warn(line) });
    const created = await createAdministrator(handle.db, { phone: args.phone, name: args.name, place, password });
    console.log(`已创建管理员：${args.name.trim()}（${args.phone.trim()}），所属地点 ${place.deptName}（${place.deptId}），账号编号 ${created.userId}。`);
    if (created.generated) {
      console.log(`一次性密码（只显示这一次）：${created.password}`);
    }
    console.log('首次登录（#/admin）后须先修改密码，才能使用其他功能。');
    return 0;
  });
}

runCommand(main, { failure: '创建管理员失败', expected: [AdminCreateError] });
