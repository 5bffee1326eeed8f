import { ARTICLE_CATEGORIES, ARTICLE_LEAF_NUMBERS } from '../db/reference-data.js';
import type { ArticleStatus } from '../db/schema.js';
import { sanitizeHtml } from '../services/sanitize.js';
import { bulkInsert } from '../db/bulk-insert.js';
import type { ColumnSpec, RowReader } from './row-reader.js';
import { allocateIds, type ImportContext, type ImportKind } from './kind.js';

const col = (header: string, required: boolean, note: string): ColumnSpec => ({ header, required, note });

const LEAVES = ARTICLE_CATEGORIES.filter((c) => ARTICLE_LEAF_NUMBERS.includes(c.number));

const C = {
  place: col('地点', true, '地点编号、地点代码或名称（须在您管理的地点内）；命令行导入给了 --place 时可留空'),
  category: col('栏目', true, `栏目名称或编号：${LEAVES.map((c) => `${c.number} ${c.name}`).join('、')}`),
  title: col('标题', true, '不超过 200 字'),
  remark: col('摘要', false, '不超过 500 字'),
  keyword: col('关键词', false, '多个用逗号分隔'),
  content: col('内容', false, '文字或 HTML（不安全的标签会被去掉）'),
  time: col('发布时间', true, '日期或日期时间，如 2024-03-05 或 2024-03-05 14:30（北京时间）'),
  status: col('状态', false, '已发布、草稿 或 已撤回；默认 已发布'),
};

/** By number, and by name (a name two leaves share, 资料下载, means the first). */
const CATEGORIES = new Map<string, string>([
  ...[...LEAVES].reverse().map((c) => [c.name, c.number] as const),
  ...LEAVES.map((c) => [c.number, c.number] as const),
]);
const STATUSES = new Map<string, ArticleStatus>([
  ['已发布', 'published'],
  ['发布', 'published'],
  ['草稿', 'draft'],
  ['已撤回', 'withdrawn'],
]);

export interface ArticleImportRow {
  id: number;
  deptId: number;
  number: string;
  title: string;
  remark: string;
  keyword: string;
  content: string;
  logintime: string;
  status: ArticleStatus;
}

function readArticle(r: RowReader, ctx: ImportContext): ArticleImportRow | undefined {
  const deptId = ctx.places.read(r, C.place);
  const number = r.choice(C.category, CATEGORIES, '栏目');
  const title = r.text(C.title);
  const remark = r.text(C.remark, 500);
  const keyword = r.text(C.keyword);
  const content = r.text(C.content, 200_000);
  const time = r.date(C.time);
  const status = r.choice(C.status, STATUSES, '状态');
  if (deptId === undefined || !number || !title || remark === undefined || keyword === undefined || content === undefined || time === undefined)
    return undefined;
  return {
    id: 0,
    deptId,
    number,
    title,
    remark,
    keyword,
    // Stored clean, as the console's save stores it.
    content: sanitizeHtml(content),
    logintime: new Date(time).toISOString(),
    status: status ?? 'published',
  };
}

const COLUMNS = {
  id: 'integer',
  deptId: 'integer',
  number: 'text',
  title: 'text',
  remark: 'text',
  keyword: 'text',
  content: 'text',
  logintime: 'timestamptz',
  status: 'text',
} as const;

/** Articles (news, policies, notices…) with their publishing time and status. */
export const ARTICLE_IMPORT: ImportKind<ArticleImportRow> = {
  kind: 'articles',
  label: '文章',
  entity: 'article',
  columns: Object.values(C),
  example: (place) => ({
    [C.place.header]: place,
    [C.category.header]: '新闻动态',
    [C.title.header]: '我县召开农村产权交易工作会议',
    [C.remark.header]: '会议总结了去年的交易工作。',
    [C.keyword.header]: '产权交易,会议',
    [C.content.header]: '<p>会议总结了去年的农村产权交易工作，部署了今年的重点任务。</p>',
    [C.time.header]: '2023-01-15 10:00',
    [C.status.header]: '已发布',
  }),
  read: readArticle,
  async check() {
    // Articles have no key of their own: the same title may be published twice (a correction, a reprint).
  },
  async write(trx, rows) {
    const ids = await allocateIds(trx, 'article', rows.length);
    const withIds = rows.map((row, i) => ({ ...row, id: ids[i] }));
    await bulkInsert(trx, 'article', COLUMNS, withIds);
    return withIds;
  },
};
