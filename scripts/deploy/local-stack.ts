/**
 * The production layout on loopback: a throwaway PostgreSQL, two (or more) instances of the portal on it, each with
 * its own DATA_DIR, and Debian's nginx in front with deploy/nginx.conf and a self-signed certificate. Used by
 * scripts/deploy-local.ts (a person) and tests/deploy/nginx.test.ts (the test); stop() removes everything it made.
 */
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_FORM_SECRET, DEMO_SIGN_KEY } from '../../server/runtime/config.js';
import { buildClientIfStale } from '../client-build.js';
import { makeSelfSignedCertificate } from './certificate.js';
import { probe, startChild, waitUntil, type Child } from './child-process.js';
import { renderMainConfig, renderSiteConfig } from './nginx-config.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
/** Debian's nginx lives in /usr/sbin, which a non-root PATH often lacks. */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface LocalStackOptions {
  /** demo: the demo data seeded once (accounts, projects, auctions); production: NODE_ENV=production, no demo, new keys. */
  mode: 'demo' | 'production';
  httpPort?: number;
  httpsPort?: number;
  instancePorts?: number[];
  /** Port of the throwaway PostgreSQL (default PGPORT_TEST, else 18432); ignored with databaseUrl. */
  postgresPort?: number;
  /** An existing PostgreSQL database instead of a throwaway one. */
  databaseUrl?: string;
  /**
   * Production only: the first administrator, made by `npm run admin:create` before the instances start (a place
   * by deptId, code or name); its one-time password is in the stack's `admin`.
   */
  admin?: { phone: string; name: string; place: string };
  /** Demo projects to seed (the seed's default when not given). */
  projects?: number;
  /** More environment for every instance (RATE_LIMIT_…, LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** Each line the instances and nginx write, named; the lines also go to log files in the stack's folder. */
  echo?: (line: string) => void;
  /** Progress, one line per step. */
  progress?: (line: string) => void;
}

export interface Instance {
  port: number;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface LocalStack {
  httpsUrl: string;
  httpUrl: string;
  instances: Instance[];
  databaseUrl: string;
  /** Where configuration, certificate, logs and data folders live (removed by stop()). */
  dir: string;
  /** The instances' API_SIGN_KEY and API_FORM_SECRET (the demo's, or made for a production run). */
  signKey: string;
  formSecret: string;
  nginxConfig: string;
  /** The throwaway PostgreSQL's outage and return (none with options.databaseUrl). */
  postgres?: Pick<ThrowawayPostgres, 'halt' | 'resume'>;
  /** The administrator made for a production run, with the one-time password admin:create printed. */
  admin?: { phone: string; password: string };
  stop(): Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The instances' environment: this process's, without a test runner's markers, and the stack's settings over it. */
function instanceEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(VITEST|NODE_ENV$|TEST$)/.test(name)) env[name] = value;
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/** Runs a script of this repository to its end; its standard output, or an error quoting all it wrote. */
async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`${script} 失败：${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  return stdout;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const httpPort = options.httpPort ?? 18080;
  const httpsPort = options.httpsPort ?? 18443;
  const instancePorts = options.instancePorts ?? [18081, 18082];
  const postgresPort = options.postgresPort ?? Number(process.env.PGPORT_TEST || 18432);
  const progress = options.progress ?? (() => {});
  const ports = [httpPort, httpsPort, ...instancePorts, ...(options.databaseUrl ? [] : [postgresPort])];
  for (const port of ports) if (!(await portIsFree(port))) throw new Error(`端口 ${port} 已被占用：请先停止占用它的程序，或换用其他端口`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-deploy.'));
  const cleanups: Array<() => Promise<void>> = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  // When this process ends without stop() (an uncaught error, process.exit), nothing it started outlives it.
  const children: Child[] = [];
  let postgres: ThrowawayPostgres | undefined;
  const onExit = () => {
    // SIGTERM, which nothing here can wait for: nginx's master takes its workers down with it (SIGKILL would orphan
    // them, still listening), and an instance stops on its own.
    for (const child of children) child.process.kill('SIGTERM');
    postgres?.stopNow();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    // In reverse: nginx first, then the instances, then the database, then the folder.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    process.removeListener('exit', onExit);
  };
  try {
    const demo = options.mode === 'demo';
    const signKey = demo ? DEMO_SIGN_KEY : crypto.randomBytes(24).toString('hex');
    const formSecret = demo ? DEMO_FORM_SECRET : crypto.randomBytes(24).toString('hex');

    // Built once here: each instance would otherwise build a stale client at the same time into the same folder.
    buildClientIfStale();
    const [database, certificate] = await Promise.all([options.databaseUrl ? undefined : startThrowawayPostgres(postgresPort), makeSelfSignedCertificate(dir)]);
    postgres = database;
    if (database) cleanups.push(() => database.stop());
    const databaseUrl = options.databaseUrl ?? database!.url;
    progress(`PostgreSQL：${databaseUrl}`);

    const dataDirs = instancePorts.map((_port, i) => path.join(dir, `instance-${i + 1}`));
    for (const dataDir of dataDirs) fs.mkdirSync(dataDir);
    const base = {
      DATABASE_URL: databaseUrl,
      HOST,
      API_SIGN_KEY: signKey,
      API_FORM_SECRET: formSecret,
      // nginx's address as the instances see it: X-Forwarded-For and -Proto are believed from it alone.
      TRUST_PROXY: HOST,
      LOG_LEVEL: 'warn',
      NODE_ENV: demo ? undefined : 'production',
      ...options.env,
    };
    const admin = await prepareDatabase(options, instanceEnv({ ...base, DATA_DIR: dataDirs[0] }), progress);

    progress(`启动 ${instancePorts.length} 个实例…`);
    const instances = instancePorts.map((port, i) =>
      startChild(`实例${i + 1}:${port}`, process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: ROOT,
        env: instanceEnv({ ...base, PORT: String(port), DATA_DIR: dataDirs[i], SKIP_CLIENT_BUILD: '1' }),
        logFile: path.join(dir, `instance-${i + 1}.log`),
        echo: options.echo,
      }),
    );
    children.push(...instances);
    for (const child of instances) cleanups.push(() => child.stop('SIGTERM'));
    await Promise.all(
      instances.map((child, i) => {
        const readyz = `http://${HOST}:${instancePorts[i]}/readyz`;
        return waitUntil(child, readyz, async () => (await probe(readyz)) === 200);
      }),
    );

    progress('启动 nginx…');
    const { nginx, site } = await startNginx(dir, { httpPort, httpsPort, instancePorts, certificate, echo: options.echo });
    children.push(nginx);
    // SIGTERM: a fast stop; SIGQUIT would wait for every open WebSocket.
    cleanups.push(() => nginx.stop('SIGTERM', 5_000));
    const httpsUrl = `https://${HOST}:${httpsPort}/`;
    await waitUntil(nginx, httpsUrl, async () => (await probe(httpsUrl)) === 200, 30_000);

    return {
      httpsUrl,
      httpUrl: `http://${HOST}:${httpPort}/`,
      instances: instancePorts.map((port, i) => ({ port, url: `http://${HOST}:${port}/`, dataDir: dataDirs[i], stop: () => instances[i].stop('SIGTERM') })),
      databaseUrl,
      dir,
      signKey,
      formSecret,
      nginxConfig: site,
      postgres: database,
      admin,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One process prepares the database before the instances start together: the demo seeded once (by the first
 * instance's data folder), or the schema migrated (with the first administrator if asked, whose one-time password
 * is returned).
 */
async function prepareDatabase(options: LocalStackOptions, env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<LocalStack['admin']> {
  if (options.mode === 'demo') {
    progress('写入演示数据…');
    await runScript('scripts/seed.ts', options.projects === undefined ? [] : ['--projects', String(options.projects)], env);
    return undefined;
  }
  if (!options.admin) {
    progress('迁移数据库…');
    await runScript('scripts/migrate.ts', [], env);
    return undefined;
  }
  // admin:create migrates and brings the places in first, as on a centre's empty database.
  progress(`创建管理员 ${options.admin.phone}…`);
  const { phone, name, place } = options.admin;
  const printed = await runScript('scripts/admin-create.ts', ['--phone', phone, '--name', name, '--place', place], env);
  const password = /一次性密码（只显示这一次）：(\S+)/.exec(printed)?.[1];
  if (!password) throw new Error(`admin:create 未打印一次性密码：\n${printed}`);
  return { phone, password };
}

/** deploy/nginx.conf rendered for loopback into `dir`, checked with nginx -t, then nginx started on it. */
async function startNginx(
  dir: string,
  options: { httpPort: number; httpsPort: number; instancePorts: number[]; certificate: { certificate: string; key: string }; echo?: (line: string) => void },
): Promise<{ nginx: Child; site: string }> {
  const runAsRoot = process.getuid?.() === 0;
  const site = renderSiteConfig(fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8'), {
    host: HOST,
    httpPort: options.httpPort,
    httpsPort: options.httpsPort,
    instances: options.instancePorts.map((port) => `${HOST}:${port}`),
    certificate: options.certificate.certificate,
    certificateKey: options.certificate.key,
    dir,
    upstreamHeader: true,
    runAsRoot,
  });
  const siteFile = path.join(dir, 'tianmu.conf');
  const mainFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(siteFile, site);
  fs.writeFileSync(mainFile, renderMainConfig(siteFile, { dir, runAsRoot }));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'tmp', sub), { recursive: true });
  const nginxArgs = ['-p', dir, '-c', mainFile, '-e', path.join(dir, 'error.log')];
  await run(NGINX, ['-t', '-q', ...nginxArgs]).catch((error: Error & { stderr?: string }) => {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(missing ? '未安装 nginx：请运行 apt-get install -y nginx' : `nginx 配置有误（${mainFile}）：${error.stderr ?? error.message}`);
  });
  const nginx = startChild('nginx', NGINX, nginxArgs, { cwd: dir, logFile: path.join(dir, 'nginx.log'), echo: options.echo });
  return { nginx, site };
}
