import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORM_SECRET, DEMO_SIGN_KEY, loadConfig } from '../../server/runtime/config.js';
import { migrateToLatest, openDatabase, pgliteDir } from '../../server/db/database.js';
import { startServer } from '../../server/main.js';
import { ProductionConfigError, productionSettingProblems } from '../../server/runtime/production.js';
import { HSTS_VALUE } from '../../server/plugins/security-headers.js';
import { createAdministrator, oneTimePassword, resolveDeclaredPlace } from '../../server/services/first-admin.js';
import { passwordProblem } from '../../machines/password-rule.js';
import type { DeclaredPlace } from '../../engine/region-files/places.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { bearer } from './users-helpers.js';

const LIVE_SECRETS = { apiSignKey: 'centre-sign-key-7f3a', formSecret: 'centre-form-secret-2b9c41d7e0' };

describe('production settings', () => {
  it('names the demo sign key and the demo form secret, each with what to set', () => {
    const problems = productionSettingProblems(loadConfig({ NODE_ENV: 'production' }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('API_SIGN_KEY');
    expect(problems[0]).toContain(DEMO_SIGN_KEY);
    expect(problems[1]).toContain('API_FORM_SECRET');
    expect(problems[1]).toContain(DEMO_FORM_SECRET);
  });

  it('refuses a short form secret and the live preview; takes a centre of its own', () => {
    const short = productionSettingProblems(loadConfig({ NODE_ENV: 'production', API_SIGN_KEY: 'k', API_FORM_SECRET: 'short' }));
    expect(short).toEqual([expect.stringContaining('API_FORM_SECRET 太短')]);
    const preview = productionSettingProblems(loadConfig({ NODE_ENV: 'production' }, { ...LIVE_SECRETS, previewRegion: 'chunan' }));
    expect(preview).toEqual([expect.stringContaining('实时预览')]);
    expect(productionSettingProblems(loadConfig({ NODE_ENV: 'production' }, LIVE_SECRETS))).toEqual([]);
    expect(loadConfig({}).production).toBe(false);
  });
});

// Each start opens its own embedded database (initdb and every migration): the PostgreSQL run skips them, as the
// PGlite run has checked the same code.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a production start', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-production-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const quiet = async <T>(work: () => Promise<T>): Promise<T> => {
    const log = console.log;
    const warn = console.warn;
    console.log = () => {};
    console.warn = () => {};
    return work().finally(() => {
      console.log = log;
      console.warn = warn;
    });
  };
  const productionConfig = (dataDir: string) =>
    loadConfig(
      { NODE_ENV: 'production' },
      { ...LIVE_SECRETS, dataDir, databaseUrl: undefined, port: 0, serveClient: false, logLevel: 'silent', trustProxy: '127.0.0.1' },
    );

  it('on an empty database seeds no demo, and sends HSTS only over TLS through the trusted proxy', async () => {
    const config = productionConfig(freshDir());
    const started = await quiet(() => startServer({ config, seedWhenEmpty: true }));
    try {
      const db = started.app.ctx.db;
      expect(await db.selectFrom('appUser').select('userId').execute()).toEqual([]);
      expect(await db.selectFrom('project').select('id').execute()).toEqual([]);
      // The pictures the shipped region files draw (header backgrounds) are there; the demo's attachments are not.
      const stored = await db.selectFrom('storedFile').select('path').execute();
      expect(stored.map((f) => f.path)).toContain('demo/landscape-01.png');
      expect(stored.every((f) => f.path.endsWith('.png'))).toBe(true);
      // The places come from places.yaml all the same: the administrator's place exists.
      expect((await db.selectFrom('place').select('deptId').execute()).length).toBeGreaterThan(0);
      const overTls = await started.app.inject({ method: 'GET', url: '/prod-api/no-such-call', headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers['strict-transport-security']).toBe(HSTS_VALUE);
      const plain = await started.app.inject({ method: 'GET', url: '/prod-api/no-such-call' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // A forwarded scheme from an address that is not the trusted proxy is not believed.
      const spoofed = await started.app.inject({
        method: 'GET',
        url: '/prod-api/no-such-call',
        remoteAddress: '10.9.8.7',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await started.stop();
    }
  }, 120_000);

  it('refuses a database that holds a demo account, naming it, and starts nothing', async () => {
    const dataDir = freshDir();
    const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
    await migrateToLatest(handle.db);
    await handle.db.insertInto('appUser').values({ phone: '13800000004', passwordHash: 'x', name: '赵管理', role: 'admin', demoAccount: true }).execute();
    await handle.close();
    const refusal = await quiet(() =>
      startServer({ config: productionConfig(dataDir) }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(refusal).toBeInstanceOf(ProductionConfigError);
    expect((refusal as Error).message).toContain('13800000004（赵管理）');
    expect((refusal as Error).message).toContain('npm run admin:create');
    // The data folder is free again: nothing kept it open.
    const again = await openDatabase({ dataDir: pgliteDir(dataDir) });
    await again.close();
  }, 120_000);

  it('refuses the demo secrets before opening any database', async () => {
    const dataDir = freshDir();
    const config = loadConfig({ NODE_ENV: 'production' }, { dataDir, port: 0, serveClient: false, logLevel: 'silent' });
    const refusal = await quiet(() =>
      startServer({ config }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(refusal).toBeInstanceOf(ProductionConfigError);
    expect((refusal as Error).message).toMatch(/API_SIGN_KEY[\s\S]*API_FORM_SECRET/);
    expect(fs.existsSync(pgliteDir(dataDir))).toBe(false);
  }, 60_000);
});

describe('the first administrator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServerWithPlaces();
  });
  afterAll(() => server.close());

  const place = { deptId: TENANT_A, deptName: '测试市', deptCode: '1100', parentId: 0 } as DeclaredPlace;
  const login = (username: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/prod-api/api/user/login', headers: server.signed(TENANT_A), payload: { username, password, loginType: 1 } });

  it('makes one-time passwords that meet the rule and differ', () => {
    const made = Array.from({ length: 50 }, oneTimePassword);
    for (const password of made) expect(passwordProblem(password)).toBeUndefined();
    expect(new Set(made).size).toBe(50);
  });

  it('creates an administrator who must change the password before anything else, audited', async () => {
    const { userId, password, generated } = await createAdministrator(server.db, { phone: '13712340001', name: '李主任', place });
    expect(generated).toBe(true);
    const audit = await server.db.selectFrom('auditLog').selectAll().where('entity', '=', 'staff').where('entityId', '=', userId).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'create', actorId: userId, actorRole: 'admin' })]);
    expect(JSON.stringify(audit[0].after)).not.toContain(password);

    const signedIn = (await login('13712340001', password)).json();
    expect(signedIn.data).toMatchObject({ role: 'admin', mustChangePassword: true });
    const token = signedIn.data.token as string;
    const auditList = () =>
      server.app.inject({ method: 'POST', url: '/prod-api/api/admin/audit/list', headers: { ...server.signed(TENANT_A), ...bearer(token) }, payload: {} });
    const refused = await auditList();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('请先修改初始密码，修改后才能使用其他功能');
    const check = await server.app.inject({ method: 'POST', url: '/prod-api/userInfo/checkToken', headers: bearer(token) });
    expect(check.json().data.mustChangePassword).toBe(true);

    const changed = await server.app.inject({
      method: 'PUT',
      url: `/prod-api/system/user/profile/updatePwd?oldPassword=${encodeURIComponent(password)}&newPassword=${encodeURIComponent('Centre#2026ok')}`,
      headers: bearer(token),
    });
    expect(changed.json().code).toBe(200);
    expect((await auditList()).statusCode).toBe(200);
    expect((await login('13712340001', 'Centre#2026ok')).json().data.mustChangePassword).toBeUndefined();
  });

  it('refuses a second run for the same phone, a weak password and a place no places.yaml declares', async () => {
    await createAdministrator(server.db, { phone: '13712340002', name: '王科长', place, password: 'Chosen#Pass1' });
    await expect(createAdministrator(server.db, { phone: '13712340002', name: '王科长', place })).rejects.toThrow(/13712340002 已有账号/);
    await expect(createAdministrator(server.db, { phone: '13712340003', name: '周', place, password: 'weakpass' })).rejects.toThrow(/密码太弱/);
    expect(await server.db.selectFrom('appUser').select('userId').where('phone', '=', '13712340003').execute()).toEqual([]);
    const declared = [
      { deptId: 33, deptName: '浙江省', deptCode: '33', parentId: 0 },
      { deptId: 330127, deptName: '淳安县', deptCode: '330127', parentId: 33 },
    ] as DeclaredPlace[];
    expect(resolveDeclaredPlace(declared, '淳安县').deptId).toBe(330127);
    expect(resolveDeclaredPlace(declared, '330127').deptName).toBe('淳安县');
    expect(() => resolveDeclaredPlace(declared, '千岛湖镇')).toThrow(/没有哪个 places.yaml 声明了地点“千岛湖镇”.*33（浙江省）/);
  });
});

// The command itself, as an operator runs it, on an embedded database of its own (PGlite run only).
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-admin-create-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = (args: string[], input?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/admin-create.ts', ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input ?? '');
    });

  it('creates the administrator on an empty database, prints the one-time password once, refuses a second run', async () => {
    const first = await cli(['--phone', '13712349999', '--name', '陈主任', '--place', '淳安县']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const password = first.stdout.match(/一次性密码（只显示这一次）：(\S+)/)?.[1] ?? '';
    expect(passwordProblem(password)).toBeUndefined();
    expect(first.stdout).toContain('所属地点 淳安县（330127）');
    const second = await cli(['--phone', '13712349999', '--name', '陈主任', '--place', '淳安县']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('13712349999 已有账号');
    const weak = await cli(['--phone', '13712349998', '--name', '林', '--place', '330127', '--password-stdin'], 'password\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('密码太弱');
    const nowhere = await cli(['--phone', '13712349997', '--name', '林', '--place', '火星']);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('没有哪个 places.yaml 声明了地点“火星”');
    // The command left the database as the server finds it: the administrator's password is the printed one.
    const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
    try {
      const rows = await handle.db.selectFrom('appUser').select(['phone', 'role', 'mustChangePassword', 'deptId']).execute();
      expect(rows).toEqual([{ phone: '13712349999', role: 'admin', mustChangePassword: true, deptId: 330127 }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
