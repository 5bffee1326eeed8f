import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { callAs } from './listings-helpers.js';
import {
  CODE_PATTERN_SYNTAX,
  codeRegex,
  codeRuleFor,
  DEFAULT_CODE_PATTERN,
  formatProjectCode,
  isCodePattern,
  nextProjectCode,
} from '../../server/services/project-code.js';
import { PlaceTree } from '../../server/plugins/places.js';
import { PROJECT_CATEGORIES } from '../../server/db/reference-data.js';
import { choicesFor } from '../../blocks/schema-form/ConsoleWidgets.js';
import yaml from 'js-yaml';

// The project editor: 公示开始 and its rules, categories of the chosen type only, the caller's own places only, and
// 项目编号 by the region's pattern, unique whatever writes at once.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1371900300');
}, 120_000);
afterAll(() => w.server.close());

const DAY = 86_400_000;
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const at = (days: number) => cst(Date.now() + days * DAY);
const project = {
  deptId: TENANT_A_TOWN,
  type: 2,
  number: '001',
  projectName: '甲镇李庄村林地经营权流转',
  price: 600,
  increment: 20,
  deposit: 1000,
  publicityStopTime: at(2),
  applyStartTime: at(2),
  applyStopTime: at(5),
  biddingStartTime: at(6),
  biddingStopTime: at(7),
};
const save = (body: Record<string, unknown>, token = w.staff) => adminCall(w.server, 'adminProjectSave', token, body);

describe('公示开始 (publicity start)', () => {
  it('is stored and read back; empty means now for a new project and the stored one for an edit', async () => {
    const start = at(-1);
    const made = (await save({ ...project, publicityStartTime: start })).json().data;
    expect(made.publicityStartTime).toBe(start);
    const edited = (await save({ ...project, id: made.id, price: 650 })).json().data;
    expect(edited).toMatchObject({ publicityStartTime: start, price: 650 });
    const shown = (await callAs(w.server, TENANT_A, 'projectDetail', { query: { id: made.id } })).json().data;
    expect(shown.releaseRecord).toMatchObject({ publicityStartTime: start, publicityStopTime: project.publicityStopTime });

    const before = Date.now();
    const fresh = (await save(project)).json().data;
    const ms = Date.parse(`${fresh.publicityStartTime.replace(' ', 'T')}+08:00`);
    expect(ms).toBeGreaterThanOrEqual(before - 2000);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('must come before 公示结束 and not after now, and be a real date; each refusal says which rule', async () => {
    expect((await save({ ...project, publicityStartTime: project.publicityStopTime })).json()).toEqual({ code: 400, msg: '公示开始时间须早于公示结束时间' });
    expect((await save({ ...project, publicityStartTime: at(3) })).json()).toEqual({ code: 400, msg: '公示开始时间须早于公示结束时间' });
    expect((await save({ ...project, publicityStartTime: at(1) })).json()).toEqual({ code: 400, msg: '公示开始时间不能晚于当前时间：项目保存后即进入公示期' });
    expect((await save({ ...project, publicityStartTime: '2026-02-30 09:00' })).json()).toEqual({ code: 400, msg: '公示开始时间格式不正确' });
    // A few minutes ahead (the form's minute, a fast clock) is still now.
    expect((await save({ ...project, publicityStartTime: cst(Date.now() + 5 * 60_000) })).statusCode).toBe(200);
  });
});

describe('categories by project type', () => {
  it('takes a category of the chosen type only, and says when it belongs to another type', async () => {
    expect((await save({ ...project, type: 1, number: '001' })).json()).toEqual({ code: 400, msg: '项目类别 001 不属于“招标采购”类项目' });
    expect((await save({ ...project, type: 3, number: '009' })).json()).toEqual({ code: 400, msg: '项目类别 009 不属于“需求”类项目' });
    expect((await save({ ...project, type: 3, number: '013' })).statusCode).toBe(200);
  });

  it('the editor offers each category under its own type only, as the server holds them', () => {
    const page = yaml.load(fs.readFileSync('regions/_base/pages/adminProjectEdit.yaml', 'utf8')) as {
      blocks: Array<{
        type: string;
        props?: { ui?: Record<string, { 'ui:options'?: { dependsOn?: string; choices?: Array<{ value: string; label: string; for?: number[] }> } }> };
      }>;
    };
    const options = page.blocks.find((b) => b.type === 'schema-form')?.props?.ui?.number?.['ui:options'];
    expect(options?.dependsOn).toBe('type');
    const offered = (options?.choices ?? []).map((c) => ({ number: c.value, types: c.for }));
    expect(offered).toEqual(PROJECT_CATEGORIES.map((c) => ({ number: c.number, types: [c.type] })));
    const choices = options?.choices ?? [];
    expect(choicesFor(choices, 'type', { type: 1 }).map((c) => c.value)).toEqual(['009', '011', '012']);
    expect(choicesFor(choices, 'type', { type: 3 }).map((c) => c.value)).toEqual(['013', '014', '015']);
    expect(choicesFor(choices, 'type', {})).toEqual([]);
  });
});

describe('the place picker offers the caller’s own places only', () => {
  const placesOf = async (token: string) => (await adminCall(w.server, 'adminEditorPlaces', token)).json().data as Array<{ deptId: number; depth: number }>;

  it('staff get their county and the places under it, in tree order; an administrator the tenant', async () => {
    const mine = await placesOf(w.staff);
    expect(mine[0]).toMatchObject({ deptId: TENANT_A_COUNTY, depth: 0 });
    expect(mine.map((p) => p.deptId)).toContain(TENANT_A_TOWN);
    expect(mine.find((p) => p.deptId === TENANT_A_TOWN)?.depth).toBe(1);
    expect(mine.map((p) => p.deptId)).not.toContain(TENANT_A_OTHER_COUNTY);
    expect(mine.map((p) => p.deptId)).not.toContain(TENANT_A);

    const theirs = await placesOf(w.otherStaff);
    expect(theirs.map((p) => p.deptId)).not.toContain(TENANT_A_TOWN);
    const all = await placesOf(w.admin);
    expect(all[0]).toMatchObject({ deptId: TENANT_A, depth: 0 });
    expect(all.map((p) => p.deptId)).toEqual(expect.arrayContaining([TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN]));
    expect((await adminCall(w.server, 'adminEditorPlaces', w.user)).statusCode).toBe(403);
  });

  it('a place not offered is refused at save as well', async () => {
    const offered = new Set((await placesOf(w.otherStaff)).map((p) => p.deptId));
    expect(offered.has(TENANT_A_TOWN)).toBe(false);
    expect((await save(project, w.otherStaff)).json()).toEqual({ code: 403, msg: '无权操作该地点的数据' });
    expect((await adminCall(w.server, 'adminArticleSave', w.otherStaff, { deptId: TENANT_A_TOWN, number: '001017', title: '越权' })).statusCode).toBe(403);
  });
});

describe('project attachments', () => {
  it('keeps own uploads only, at most ten, and the public page lists them', async () => {
    await w.server.db
      .insertInto('storedFile')
      .values({ path: 'doc/t/1/须知.pdf', bytes: Buffer.from('%PDF-1.4'), mime: 'application/pdf', size: 8, sha256: 'a'.repeat(64) })
      .execute();
    const url = `/image-api/doc/t/1/${encodeURIComponent('须知.pdf')}`;
    await w.server.db
      .insertInto('upload')
      .values({ userId: w.ids.staff, name: '须知.pdf', storedPath: 'doc/t/1/须知.pdf', url, mime: 'application/pdf', size: 8 })
      .execute();
    const made = (await save({ ...project, attachments: [url, url] })).json().data;
    expect(made.attachments).toEqual([url]);
    const detail = (await callAs(w.server, TENANT_A, 'projectDetail', { query: { id: made.id } })).json().data;
    expect(detail.attachments).toEqual([{ name: '须知.pdf', url, mime: 'application/pdf', typeName: 'PDF 文档', size: 8 }]);
    expect((await save({ ...project, attachments: ['/image-api/doc/x/evil.pdf'] })).json()).toEqual({ code: 400, msg: '项目附件须为本平台上传的文件' });
    expect((await save({ ...project, attachments: Array.from({ length: 11 }, (_, i) => `${url}?${i}`) })).json()).toEqual({
      code: 400,
      msg: '参数 项目附件（attachments） 最多 10 项',
    });
  });
});

describe('项目编号 by the region pattern, unique', () => {
  it('formats and matches by the pattern; the schema and the service hold the same grammar', () => {
    const rule = { prefix: 'LT', pattern: DEFAULT_CODE_PATTERN };
    expect(formatProjectCode(rule, 2026, 2, 71)).toBe('LT2026-2-000071');
    expect(formatProjectCode({ prefix: 'SG', pattern: 'SG-{year}{type}-{serial:4}' }, 2026, 1, 5)).toBe('SG-20261-0005');
    expect(new RegExp(codeRegex(rule)).exec('LT2026-2-000071')?.[1]).toBe('000071');
    for (const good of [DEFAULT_CODE_PATTERN, '{prefix}-{serial:9}', 'X_{year}{serial:1}']) expect(isCodePattern(good), good).toBe(true);
    for (const bad of ['{prefix}{year}', '{serial:6}{serial:2}', '{prefix}/{serial:6}', '{serial:0}', '{month}{serial:3}', `${'A'.repeat(60)}{serial:3}`]) {
      expect(isCodePattern(bad), bad).toBe(false);
    }
    const schema = JSON.parse(fs.readFileSync('schemas/region.schema.json', 'utf8'));
    expect(schema.properties.projectCodePattern.pattern).toBe(CODE_PATTERN_SYNTAX);
  });

  it('takes the pattern of the region at or above the place, the prefix kept working without one', async () => {
    const places = new PlaceTree(w.server.db);
    await places.load();
    const regions = [
      { deptId: TENANT_A_COUNTY, projectCodePrefix: 'JX', projectCodePattern: '{prefix}-{year}{type}-{serial:4}' },
      { deptId: TENANT_A, projectCodePrefix: 'JS' },
    ];
    expect(codeRuleFor(places, regions, TENANT_A_TOWN)).toEqual({ prefix: 'JX', pattern: '{prefix}-{year}{type}-{serial:4}' });
    expect(codeRuleFor(places, regions, TENANT_A_OTHER_COUNTY)).toEqual({ prefix: 'JS', pattern: DEFAULT_CODE_PATTERN });
    const code = await w.server.db.transaction().execute((trx) => nextProjectCode(trx, codeRuleFor(places, regions, TENANT_A_TOWN), 2));
    expect(code).toMatch(/^JX-\d{4}2-0001$/);
  });

  it('never gives two projects the same number, however many are saved at once', async () => {
    const saved = await Promise.all(Array.from({ length: 8 }, (_, i) => save({ ...project, projectName: `并发项目${i}` })));
    const codes = saved.map((r) => r.json().data.code as string);
    expect(saved.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(codes).size).toBe(8);
  });

  it('the database refuses a repeated number, whatever writes it; projects without one are free', async () => {
    const a = (await save(project)).json().data;
    const row = await w.server.db.selectFrom('project').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    const { id: _id, bidCount: _b, extensionCount: _e, ...copy } = row;
    const insert = (code: string) =>
      w.server.db
        .insertInto('project')
        .values({ ...copy, code, imgList: JSON.stringify(copy.imgList), attachments: JSON.stringify(copy.attachments) })
        .execute();
    await expect(insert(a.code)).rejects.toThrow(/project_code_unique|duplicate key/);
    await insert('');
    await insert('');
  });
});
