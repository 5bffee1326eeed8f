import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { marksOf, plainText, snippetAround } from '../../server/routes/search.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';

// POST /api/siteSearch (/quanzhansousuo): articles and projects of the region holding the keyword, with where it occurs.
let server: TestServer;
const ids: Record<string, number> = {};

const article = async (
  key: string,
  deptId: number,
  number: string,
  title: string,
  extra: { remark?: string; content?: string; keyword?: string } = {},
  day = 1,
) => {
  const row = await server.db
    .insertInto('article')
    .values({ deptId, number, title, logintime: new Date(Date.UTC(2026, 0, day)), content: `<p>${title}</p>`, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
};

const project = async (
  key: string,
  deptId: number,
  values: { projectName: string; type?: 1 | 2 | 3; number?: string; code?: string; address?: string; outname?: string },
) => {
  const row = await server.db
    .insertInto('project')
    .values({ deptId, type: 2, number: '001', status: 4, price: 1000, imgList: JSON.stringify([]), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
};

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  await article('cityNews', TENANT_A, '001017', '甲市茶园流转工作会议召开', { remark: '会议部署了全市茶园流转工作。' }, 3);
  await article('townPolicy', TENANT_A_TOWN, '002001', '关于规范茶园经营权流转的通知', {}, 2);
  // The keyword only in the body, inside markup, far from the start: the snippet is cut around it.
  await article(
    'bodyOnly',
    TENANT_A_OTHER_COUNTY,
    '003001',
    '交易指南（第三版）',
    {
      remark: '本指南说明交易流程。',
      content: `<p>${'一'.repeat(80)}</p><p><strong>茶园</strong>承包须先公示。</p><p>${'二'.repeat(80)}</p>`,
    },
    1,
  );
  // Markup holds the word "span"; the text does not.
  await article('markup', TENANT_A, '001017', '普通新闻', { content: '<span class="x">正文</span>' }, 1);
  await article('otherRegion', TENANT_B_TOWN, '001017', '丁县茶园流转', {}, 4);
  // Literal % and _ in titles: a search for "%" or "_" finds only these, not everything.
  await article('percent', TENANT_A, '001017', '流转率达到95%以上', {}, 1);
  await article('underscore', TENANT_A, '001017', '文件 file_v2 下载', {}, 1);
  await article('script', TENANT_A, '001017', '<img src=x onerror=alert(1)>茶园', {}, 1);

  await project('cityProject', TENANT_A_COUNTY, {
    projectName: '甲县茶园经营权转让',
    code: 'JA2026-2-000001',
    address: '甲县东山村',
    outname: '东山村股份经济合作社',
  });
  await project('byOutname', TENANT_A_TOWN, { projectName: '甲镇鱼塘承包', outname: '茶园合作社' });
  await project('otherProject', TENANT_B, { projectName: '丁县茶园转让' });
});
afterAll(() => server.close());

const search = (deptId: number, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/prod-api/api/siteSearch', headers: server.signed(deptId), payload });

interface Hit {
  kind: string;
  id: number;
  title: string;
  titleMarks: [number, number][];
  snippet: string;
  snippetMarks: [number, number][];
  categoryName: string;
  deptName: string;
  type?: number;
}
const marked = (text: string, marks: [number, number][]) => marks.map(([a, b]) => text.slice(a, b));

describe('POST /api/siteSearch', () => {
  it('counts both kinds in the region, pages one kind newest first, and says where the keyword is', async () => {
    const res = await search(TENANT_A, { keyword: '茶园' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.counts).toEqual({ article: 4, project: 2 });
    expect(data.kind).toBe('article');
    expect(data.total).toBe(4);
    const rows = data.rows as Hit[];
    expect(rows.map((r) => r.id)).toEqual([ids.cityNews, ids.townPolicy, ids.script, ids.bodyOnly]);
    const news = rows[0];
    expect(news).toMatchObject({ kind: 'article', title: '甲市茶园流转工作会议召开', categoryName: '新闻动态', deptName: '甲市', date: '2026-01-03' });
    expect(news.titleMarks).toEqual([[2, 4]]);
    expect(news.snippet).toBe('会议部署了全市茶园流转工作。');
    expect(marked(news.snippet, news.snippetMarks)).toEqual(['茶园']);
    // The title is sent as text: the client marks it, no HTML is made from it here.
    expect(rows[2].title).toBe('<img src=x onerror=alert(1)>茶园');
    expect(marked(rows[2].title, rows[2].titleMarks)).toEqual(['茶园']);
    // A body-only hit: the snippet is the text (no tags) around it, cut with … on both sides.
    const body = rows[3];
    expect(body.titleMarks).toEqual([]);
    expect(body.snippet).not.toMatch(/[<>]/);
    expect(body.snippet.startsWith('…')).toBe(true);
    expect(body.snippet.endsWith('…')).toBe(true);
    expect(marked(body.snippet, body.snippetMarks)).toEqual(['茶园']);

    const projects = (await search(TENANT_A, { keyword: '茶园', kind: 'project' })).json().data;
    expect(projects.kind).toBe('project');
    expect(projects.total).toBe(2);
    const [byOutname, county] = projects.rows as Hit[];
    expect(county).toMatchObject({ id: ids.cityProject, kind: 'project', type: 2, categoryName: '土地经营权', deptName: '甲县' });
    expect(marked(county.title, county.titleMarks)).toEqual(['茶园']);
    expect(county.snippet).toContain('项目编号：JA2026-2-000001');
    // Found by its transferor: the mark is in the snippet, not the title.
    expect(byOutname.id).toBe(ids.byOutname);
    expect(byOutname.titleMarks).toEqual([]);
    expect(marked(byOutname.snippet, byOutname.snippetMarks)).toEqual(['茶园']);
  });

  it('is scoped to the region of the deptId header and to a place inside it', async () => {
    const b = (await search(TENANT_B, { keyword: '茶园' })).json().data;
    expect(b.counts).toEqual({ article: 1, project: 1 });
    expect(b.rows.map((r: Hit) => r.id)).toEqual([ids.otherRegion]);
    const county = (await search(TENANT_A, { keyword: '茶园', deptId: TENANT_A_COUNTY })).json().data;
    expect(county.counts).toEqual({ article: 1, project: 2 });
    expect(county.rows.map((r: Hit) => r.id)).toEqual([ids.townPolicy]);
    const outside = await search(TENANT_A, { keyword: '茶园', deptId: TENANT_B_TOWN });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('无权访问其他地区的数据');
  });

  it('takes % and _ literally (ILIKE escaped) and searches text, not markup', async () => {
    const percent = (await search(TENANT_A, { keyword: '%' })).json().data;
    expect(percent.counts).toEqual({ article: 1, project: 0 });
    expect(percent.rows[0].id).toBe(ids.percent);
    expect(percent.rows[0].titleMarks).toEqual([[7, 8]]);
    const underscore = (await search(TENANT_A, { keyword: 'e_v' })).json().data;
    expect(underscore.rows.map((r: Hit) => r.id)).toEqual([ids.underscore]);
    // "e_v" as a LIKE pattern would also match "eXv": nothing of the kind is found.
    expect((await search(TENANT_A, { keyword: '_' })).json().data.counts.article).toBe(1);
    expect((await search(TENANT_A, { keyword: 'span' })).json().data.counts.article).toBe(0);
    expect((await search(TENANT_A, { keyword: 'FILE_V2' })).json().data.rows[0].titleMarks).toEqual([[3, 10]]);
  });

  it('narrows articles to categories, and pages', async () => {
    const policies = (await search(TENANT_A, { keyword: '茶园', numbers: '002' })).json().data;
    expect(policies.rows.map((r: Hit) => r.id)).toEqual([ids.townPolicy]);
    const page2 = (await search(TENANT_A, { keyword: '茶园', pageNum: 2, pageSize: 3 })).json().data;
    expect(page2.rows.map((r: Hit) => r.id)).toEqual([ids.bodyOnly]);
    expect(page2.total).toBe(4);
  });

  it('answers an empty keyword with nothing, and picks the kind that has hits when none is asked', async () => {
    const empty = (await search(TENANT_A, { keyword: '   ' })).json();
    expect(empty.code).toBe(200);
    expect(empty.data).toMatchObject({ keyword: '', counts: { article: 0, project: 0 }, rows: [], total: 0 });
    const onlyProjects = (await search(TENANT_A, { keyword: '鱼塘' })).json().data;
    expect(onlyProjects.kind).toBe('project');
    expect(onlyProjects.rows.map((r: Hit) => r.id)).toEqual([ids.byOutname]);
    const none = (await search(TENANT_A, { keyword: '不存在的词' })).json().data;
    expect(none).toMatchObject({ counts: { article: 0, project: 0 }, rows: [], total: 0 });
  });

  it('refuses a keyword with NUL or over 50 characters with a Chinese 400, in the body and the query', async () => {
    for (const res of [
      await search(TENANT_A, { keyword: '茶\u0000园' }),
      await server.app.inject({ method: 'POST', url: '/prod-api/api/siteSearch?keyword=%E8%8C%B6%00', headers: server.signed(TENANT_A) }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/搜索关键字（keyword）/);
    }
    const long = await search(TENANT_A, { keyword: '茶'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('参数 搜索关键字（keyword） 长度不能超过 50 个字符');
    expect((await search(TENANT_A, { keyword: '茶'.repeat(50) })).statusCode).toBe(200);
    expect((await search(TENANT_A, { keyword: '茶园', pageSize: 51 })).statusCode).toBe(400);
    expect((await search(TENANT_A, { keyword: '茶园', numbers: "001'--" })).statusCode).toBe(400);
  });
});

describe('search helpers', () => {
  it('marks every case-insensitive occurrence, snips around the first, strips markup', () => {
    expect(marksOf('Tea tea TEA', 'tea')).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
    ]);
    expect(marksOf('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(marksOf('abc', '')).toEqual([]);
    expect(plainText('<p>a&nbsp;&lt;b&gt;</p><script>x()</script><p>c<strong>d</strong></p>')).toBe('a <b> cd');
    const text = `${'x'.repeat(100)}KEY${'y'.repeat(100)}`;
    const snip = snippetAround(text, 'key');
    expect(snip).toMatch(/^…x{30}KEYy{77}…$/);
    expect(snippetAround('short', 'zz')).toBe('short');
  });
});
