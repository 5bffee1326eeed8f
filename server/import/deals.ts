import { sql } from 'kysely';
import { PRICE_UNITS } from '../db/reference-data.js';
import { DEAL_NUMBER, TENDER_DEAL_NUMBER, dealNumberOf, priceText } from '../auction/deal-announcement.js';
import { escapeHtml } from '../../engine/runtime/html-text.js';
import { sanitizeHtml } from '../services/sanitize.js';
import { bulkInsert } from '../db/bulk-insert.js';
import { MAX_AMOUNT, type ColumnSpec, type RowReader } from './row-reader.js';
import { allocateIds, type ImportContext, type ImportKind } from './kind.js';

const col = (header: string, required: boolean, note: string): ColumnSpec => ({ header, required, note });

const C = {
  place: col('地点', true, '地点编号、地点代码或名称（须在您管理的地点内）；命令行导入给了 --place 时可留空'),
  code: col('项目编号', false, '所属项目的项目编号（须已在系统中，如先导入项目）；留空则不关联项目。每个项目只有一条成交公告'),
  name: col('项目名称', true, '不超过 200 字'),
  address: col('项目地址', false, '不超过 200 字'),
  category: col('公告类别', false, '成交公告 或 招投标成交公告；关联了项目时随项目类型，否则默认 成交公告'),
  amount: col('成交金额', false, '0 以上，最多两位小数'),
  priceUnit: col('价格单位', false, `${Object.values(PRICE_UNITS).join('、')}；默认 元`),
  dealtime: col('成交时间', true, '公告发布的日期或日期时间，如 2024-03-05 或 2024-03-05 14:30（北京时间）'),
  remark: col('公告摘要', false, '列表中显示的一句话；留空时按成交金额生成'),
  content: col('公告内容', false, '文字或 HTML；留空时用公告摘要'),
};

const CATEGORIES = new Map([
  ['成交公告', DEAL_NUMBER],
  ['招投标成交公告', TENDER_DEAL_NUMBER],
  [DEAL_NUMBER, DEAL_NUMBER],
  [TENDER_DEAL_NUMBER, TENDER_DEAL_NUMBER],
]);
const PRICE_UNIT = new Map(Object.entries(PRICE_UNITS).flatMap(([n, label]) => [[label, Number(n)] as const, [n, Number(n)] as const]));

export interface DealImportRow {
  id: number;
  deptId: number;
  projectId: number | null;
  /** The linked project's 项目编号 ('' for none); not a column of deal_announcement. */
  code: string;
  /** Whether 公告类别 was given (else it follows the linked project's type). */
  categoryGiven: boolean;
  number: string;
  projectName: string;
  projectAddress: string;
  remark: string;
  content: string;
  dealtime: string;
}

function readDeal(r: RowReader, ctx: ImportContext): DealImportRow | undefined {
  const deptId = ctx.places.read(r, C.place);
  const code = r.text(C.code, 50);
  const name = r.text(C.name);
  const address = r.text(C.address);
  const category = r.choice(C.category, CATEGORIES, '公告类别');
  const amount = r.number(C.amount, { min: 0, max: MAX_AMOUNT, decimals: 2 });
  const unit = r.choice(C.priceUnit, PRICE_UNIT, '价格单位');
  const dealtime = r.date(C.dealtime);
  const remark = r.text(C.remark, 500);
  const content = r.text(C.content, 100_000);
  if (deptId === undefined || code === undefined || !name || dealtime === undefined || remark === undefined || content === undefined) return undefined;
  const summary = remark || (amount === undefined ? '' : `成交价：${priceText(amount, unit ?? 3)}`);
  return {
    id: 0,
    deptId,
    projectId: null,
    code,
    categoryGiven: category !== undefined,
    number: category ?? DEAL_NUMBER,
    projectName: name,
    projectAddress: address ?? '',
    remark: summary,
    content: content ? sanitizeHtml(content) : summary && `<p>${escapeHtml(summary)}</p>`,
    dealtime: new Date(dealtime).toISOString(),
  };
}

const COLUMNS = {
  id: 'integer',
  deptId: 'integer',
  projectId: 'integer',
  number: 'text',
  projectName: 'text',
  projectAddress: 'text',
  remark: 'text',
  content: 'text',
  dealtime: 'timestamptz',
} as const;

/** What deal_announcement stores of a row (code and categoryGiven only served the checks). */
const stored = ({ code: _code, categoryGiven: _given, ...row }: DealImportRow) => row;

/** Deal announcements (成交公告), each linked to its project by 项目编号 when it has one: at most one per project. */
export const DEAL_IMPORT: ImportKind<DealImportRow> = {
  kind: 'deals',
  label: '成交公告',
  entity: 'deal',
  columns: Object.values(C),
  example: (place) => ({
    [C.place.header]: place,
    [C.code.header]: '',
    [C.name.header]: '前村120亩耕地经营权流转',
    [C.address.header]: '前村村委会东侧',
    [C.category.header]: '成交公告',
    [C.amount.header]: 880,
    [C.priceUnit.header]: '元/亩/年',
    [C.dealtime.header]: '2023-03-23 09:00',
  }),
  unique: { header: C.code.header, msg: (code, first) => `项目编号“${code}”与第${first}行重复：每个项目只有一条成交公告` },
  read: readDeal,
  async check(db, rows, report) {
    const linked = rows.filter((r) => r.value.code);
    if (linked.length === 0) return;
    const json = JSON.stringify(linked.map((r) => r.value.code));
    const { rows: projects } = await sql<{ id: number; code: string; type: number; announced: boolean }>`
      SELECT p.id, p.code, p.type, EXISTS (SELECT 1 FROM deal_announcement d WHERE d.project_id = p.id) AS announced
      FROM project p WHERE p.code IN (SELECT jsonb_array_elements_text(${json}::jsonb))`.execute(db);
    const byCode = new Map(projects.map((p) => [p.code, p]));
    for (const { line, value } of linked) {
      const project = byCode.get(value.code);
      if (!project) report(line, C.code.header, `系统中没有项目编号为“${value.code}”的项目`);
      else if (project.announced) report(line, C.code.header, `项目“${value.code}”已有成交公告`);
      else {
        value.projectId = Number(project.id);
        if (!value.categoryGiven) value.number = dealNumberOf(Number(project.type));
      }
    }
  },
  async write(trx, rows) {
    const ids = await allocateIds(trx, 'deal_announcement', rows.length);
    const withIds = rows.map((row, i) => ({ ...row, id: ids[i] }));
    await bulkInsert(trx, 'deal_announcement', COLUMNS, withIds.map(stored));
    return withIds;
  },
};
