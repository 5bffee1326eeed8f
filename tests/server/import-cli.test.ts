import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, pgliteDir } from '../../server/db/database.js';
import { insertTestPlaces, TENANT_A_COUNTY } from './fixtures.js';

// The operator's command, as it is run, on an embedded database of its own (PGlite run only, like admin:create).
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-import-cli-'));
  const file = (name: string, rows: string[][]) => {
    const at = path.join(dataDir, name);
    fs.writeFileSync(at, rows.map((r) => r.join(',')).join('\n'));
    return at;
  };
  const cli = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/import.ts', ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    await withDb(async (db) => {
      await migrateToLatest(db);
      await insertTestPlaces(db);
    });
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes a template, lists a bad file’s problems and writes nothing, imports a good one audited, refuses a place outside --place', async () => {
    const template = path.join(dataDir, 't.xlsx');
    expect(await cli(['--kind', 'articles', '--template', template, '--place', '甲县'])).toMatchObject({ code: 0, stdout: `导入模板已写入：${template}\n` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(template);
    expect(book.worksheets[0].getRow(2).getCell(1).value).toBe('甲县');

    const header = ['地点', '栏目', '标题', '发布时间'];
    const bad = await cli([
      '--kind',
      'articles',
      '--file',
      file('bad.csv', [header, ['', '新闻动态', '命令行文章', '2021-02-30']]),
      '--place',
      '甲县',
      '--dry-run',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('第2行「发布时间」：不是有效的日期：2021-02-30');
    expect(bad.stderr).toContain('共 1 行，1 处错误');

    const good = file('good.csv', [header, ['', '新闻动态', '命令行文章一', '2021-02-03'], ['甲镇', '政策法规', '命令行文章二', '2021-02-04 08:30']]);
    expect(await cli(['--kind', 'articles', '--file', good, '--place', '甲县'])).toMatchObject({ code: 0, stdout: '已导入 2 条文章。\n' });
    const outside = await cli([
      '--kind',
      'articles',
      '--file',
      file('out.csv', [header, ['丙县', '新闻动态', '命令行文章三', '2021-02-05']]),
      '--place',
      '甲县',
    ]);
    expect(outside.code).toBe(1);
    expect(outside.stdout).toContain('第2行「地点」：地点“丙县”不在您的管理范围内，不能导入');
    expect(await cli(['--kind', 'nothing', '--file', good])).toMatchObject({ code: 1, stderr: expect.stringContaining('未知的导入类型：nothing') });

    await withDb(async (db) => {
      const rows = await db.selectFrom('article').select(['id', 'title', 'deptId']).where('title', 'like', '命令行文章%').orderBy('title').execute();
      expect(rows.map((r) => [r.title, r.deptId])).toEqual([
        ['命令行文章一', TENANT_A_COUNTY],
        ['命令行文章二', 1111],
      ]);
      const audit = await db
        .selectFrom('auditLog')
        .select(['actorId', 'actorRole', 'entity', 'action'])
        .where(
          'entityId',
          'in',
          rows.map((r) => r.id),
        )
        .where('entity', '=', 'article')
        .execute();
      expect(audit).toEqual([
        { actorId: 0, actorRole: 'operator', entity: 'article', action: 'create' },
        { actorId: 0, actorRole: 'operator', entity: 'article', action: 'create' },
      ]);
    });
  }, 120_000);
});
