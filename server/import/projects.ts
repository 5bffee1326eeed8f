import { sql } from 'kysely';
import { AREA_UNITS, PRICE_UNITS, PROJECT_CATEGORIES } from '../db/reference-data.js';
import { PROJECT_STATUS, statusAt } from '../../machines/project-status.js';
import { sanitizeHtml } from '../services/sanitize.js';
import { TIMELINE, timelineInOrder } from '../routes/admin/project/timeline.js';
import { bulkInsert } from '../db/bulk-insert.js';
import { MAX_AMOUNT, type ColumnSpec, type RowReader } from './row-reader.js';
import { allocateIds, existingValues, type ImportContext, type ImportKind, type ImportTrx } from './kind.js';

const col = (header: string, required: boolean, note: string): ColumnSpec => ({ header, required, note });

const C = {
  place: col('地点', true, '地点编号、地点代码或名称（须在您管理的地点内）；命令行导入给了 --place 时可留空'),
  category: col(
    '项目类别',
    true,
    `类别名称或编号：${PROJECT_CATEGORIES.map((c) => `${c.number} ${c.classname}`).join('、')}；项目类型（招标、转让、需求）随类别而定`,
  ),
  code: col('项目编号', true, '交易中心给的项目编号；在文件内和系统中都不能重复'),
  name: col('项目名称', true, '不超过 200 字'),
  address: col('项目地址', false, '不超过 200 字'),
  outname: col('转出方', false, '转让项目的转出方'),
  needname: col('需求方', false, '需求项目的需求方'),
  company: col('招标人', false, '招标项目的招标人'),
  price: col('挂牌价格', true, '挂牌价、底价或预算金额，0 以上，最多两位小数'),
  priceUnit: col('价格单位', false, `${Object.values(PRICE_UNITS).join('、')}；默认 元/亩/年`),
  area: col('面积', false, '数量，0 以上，最多两位小数'),
  areaUnit: col('面积单位', false, `${Object.values(AREA_UNITS).join('、')}；默认 亩`),
  termYears: col('流转年限', false, '整数，0 到 100 年'),
  increment: col('加价幅度', false, '默认 0'),
  deposit: col('保证金', false, '默认 0'),
  ...Object.fromEntries(TIMELINE.map(({ field, label }) => [field, col(label, true, '日期或日期时间，如 2024-03-05 或 2024-03-05 14:30（北京时间）')])),
  status: col('结果状态', false, '竞价成交、单人成交、成交确认、流拍、低于保留价；竞价已结束的项目必填，未结束的留空（状态按时间自动计算）'),
  dealAmount: col('成交金额', false, '成交的项目必填，单位同价格单位'),
  content: col('项目详情', false, '文字或 HTML'),
} as Record<'place' | 'category' | 'code' | 'name' | 'address' | 'outname' | 'needname' | 'company' | 'price' | 'priceUnit', ColumnSpec> &
  Record<'area' | 'areaUnit' | 'termYears' | 'increment' | 'deposit' | 'status' | 'dealAmount' | 'content', ColumnSpec> &
  Record<(typeof TIMELINE)[number]['field'], ColumnSpec>;

const CATEGORIES = new Map(PROJECT_CATEGORIES.flatMap((c) => [[c.number, c] as const, [c.classname, c] as const]));
const labelled = (units: Readonly<Record<number, string>>) =>
  new Map(Object.entries(units).flatMap(([n, label]) => [[label, Number(n)] as const, [n, Number(n)] as const]));
const PRICE_UNIT = labelled(PRICE_UNITS);
const AREA_UNIT = labelled(AREA_UNITS);
/** The outcomes a finished project had (machines/project-status.ts's meanings); 已成交 alone means confirmed afterwards. */
const OUTCOMES = new Map<string, number>([
  ['竞价成交', PROJECT_STATUS.dealByBidding],
  ['单人成交', PROJECT_STATUS.dealSoleBidder],
  ['成交确认', PROJECT_STATUS.dealConfirmed],
  ['已成交', PROJECT_STATUS.dealConfirmed],
  ['流拍', PROJECT_STATUS.noValidBid],
  ['已结束', PROJECT_STATUS.noValidBid],
  ['低于保留价', PROJECT_STATUS.belowReserve],
  ...[7, 8, 9, 10, 11].map((n) => [String(n), n] as const),
]);
const isDeal = (status: number) => status >= PROJECT_STATUS.dealByBidding && status <= PROJECT_STATUS.dealConfirmed;
const AMOUNT = { min: 0, max: MAX_AMOUNT, decimals: 2 };

export type ProjectImportRow = ReturnType<typeof projectValues>;

/** The row's timeline (ms) checked for order, or undefined (its problems recorded). */
function readTimeline(r: RowReader): number[] | undefined {
  const times = TIMELINE.map(({ field }) => r.date(C[field]));
  if (times.some((t) => t === undefined)) return undefined;
  if (!timelineInOrder(times as number[]))
    return r.problem(C.biddingStopTime.header, '时间顺序不对：应为 公示结束 ≤ 报名开始 < 报名结束 ≤ 竞价开始 < 竞价结束');
  return times as number[];
}

/** The stored status: the outcome given, or where the clock has brought the timeline now (as a new project's save does). */
function readStatus(r: RowReader, type: 1 | 2 | 3, times: number[], now: number, dealAmount: number | undefined): number | undefined {
  const outcome = r.choice(C.status, OUTCOMES, '结果状态');
  const biddingOver = times[4] <= now;
  if (outcome !== undefined && !biddingOver) return r.problem(C.status.header, '竞价尚未结束的项目不能填写结果状态');
  const timeline = Object.fromEntries(TIMELINE.map(({ field }, i) => [field, times[i]])) as Record<(typeof TIMELINE)[number]['field'], number>;
  const status = outcome ?? statusAt({ type, status: PROJECT_STATUS.publicity, ...timeline }, now).status;
  if (outcome === undefined && biddingOver && type !== 1 && !r.problems.some((p) => p.row === r.line && p.column === C.status.header))
    return r.problem(C.status.header, '竞价已结束，请填写结果状态');
  if (isDeal(status) && dealAmount === undefined) return r.problem(C.dealAmount.header, '成交的项目须填写成交金额');
  if (!isDeal(status) && dealAmount !== undefined) return r.problem(C.dealAmount.header, '只有成交的项目才能填写成交金额');
  return status;
}

function projectValues(deptId: number, type: 1 | 2 | 3, number: string, status: number, times: number[], f: Record<string, string | number | undefined>) {
  return {
    id: 0,
    deptId,
    type,
    number,
    status,
    code: String(f.code),
    projectName: String(f.name),
    address: String(f.address ?? ''),
    outname: String(f.outname ?? ''),
    needname: String(f.needname ?? ''),
    company: String(f.company ?? ''),
    content: sanitizeHtml(String(f.content ?? '')),
    price: Number(f.price),
    priceUnit: Number(f.priceUnit ?? 1),
    area: f.area === undefined ? null : Number(f.area),
    areaUnit: Number(f.areaUnit ?? 1),
    termYears: f.termYears === undefined ? null : Number(f.termYears),
    increment: Number(f.increment ?? 0),
    deposit: Number(f.deposit ?? 0),
    dealAmount: f.dealAmount === undefined ? null : Number(f.dealAmount),
    // The portal shows a deal's price as its current price, as the auction engine leaves it.
    currentPrice: f.dealAmount === undefined ? null : Number(f.dealAmount),
    imgList: [] as string[],
    ...Object.fromEntries(TIMELINE.map(({ field }, i) => [field, new Date(times[i]).toISOString()])),
  };
}

function readProject(r: RowReader, ctx: ImportContext): ProjectImportRow | undefined {
  const deptId = ctx.places.read(r, C.place);
  const category = r.choice(C.category, CATEGORIES, '项目类别');
  const f = {
    code: r.text(C.code, 50),
    name: r.text(C.name),
    address: r.text(C.address),
    outname: r.text(C.outname),
    needname: r.text(C.needname),
    company: r.text(C.company),
    content: r.text(C.content, 100_000),
    price: r.number(C.price, AMOUNT),
    priceUnit: r.choice(C.priceUnit, PRICE_UNIT, '价格单位'),
    area: r.number(C.area, AMOUNT),
    areaUnit: r.choice(C.areaUnit, AREA_UNIT, '面积单位'),
    termYears: r.number(C.termYears, { min: 0, max: 100, decimals: 0 }),
    increment: r.number(C.increment, AMOUNT),
    deposit: r.number(C.deposit, AMOUNT),
    dealAmount: r.number(C.dealAmount, AMOUNT),
  };
  const times = readTimeline(r);
  const status = category && times ? readStatus(r, category.type, times, ctx.now, f.dealAmount) : undefined;
  if (deptId === undefined || !category || !times || status === undefined || !f.code || !f.name || f.price === undefined) return undefined;
  return projectValues(deptId, category.type, category.number, status, times, f);
}

const COLUMNS = {
  id: 'integer',
  deptId: 'integer',
  type: 'smallint',
  number: 'text',
  status: 'smallint',
  code: 'text',
  projectName: 'text',
  address: 'text',
  outname: 'text',
  needname: 'text',
  company: 'text',
  content: 'text',
  price: 'numeric',
  priceUnit: 'smallint',
  area: 'numeric',
  areaUnit: 'smallint',
  termYears: 'smallint',
  increment: 'numeric',
  deposit: 'numeric',
  dealAmount: 'numeric',
  currentPrice: 'numeric',
  imgList: 'jsonb',
  ...Object.fromEntries(TIMELINE.map(({ field }) => [field, 'timestamptz'])),
} as Record<keyof ProjectImportRow, string>;

/** Trading projects with their timeline and outcome; 项目编号 unique within the file and against the database. */
export const PROJECT_IMPORT: ImportKind<ProjectImportRow> = {
  kind: 'projects',
  label: '项目',
  entity: 'project',
  columns: Object.values(C),
  example: (place) => ({
    [C.place.header]: place,
    [C.category.header]: '土地经营权',
    [C.code.header]: 'TDJY-2023-001',
    [C.name.header]: '前村120亩耕地经营权流转',
    [C.address.header]: '前村村委会东侧',
    [C.outname.header]: '前村股份经济合作社',
    [C.price.header]: 800,
    [C.priceUnit.header]: '元/亩/年',
    [C.area.header]: 120,
    [C.areaUnit.header]: '亩',
    [C.termYears.header]: 10,
    [C.increment.header]: 10,
    [C.deposit.header]: 5000,
    [C.publicityStopTime.header]: '2023-03-10',
    [C.applyStartTime.header]: '2023-03-10',
    [C.applyStopTime.header]: '2023-03-20 17:00',
    [C.biddingStartTime.header]: '2023-03-22 09:00',
    [C.biddingStopTime.header]: '2023-03-22 10:00',
    [C.status.header]: '竞价成交',
    [C.dealAmount.header]: 880,
  }),
  unique: { header: C.code.header, msg: (code, first) => `项目编号“${code}”与第${first}行重复` },
  read: readProject,
  async check(db, rows, report) {
    const existing = await existingValues(
      db,
      sql`SELECT code AS v FROM project WHERE code IN`,
      rows.map((r) => r.value.code),
    );
    for (const { line, value } of rows) if (existing.has(value.code)) report(line, C.code.header, `项目编号“${value.code}”在系统中已存在`);
  },
  async write(trx: ImportTrx, rows) {
    const ids = await allocateIds(trx, 'project', rows.length);
    const withIds = rows.map((row, i) => ({ ...row, id: ids[i] }));
    await bulkInsert(trx, 'project', COLUMNS, withIds);
    return withIds;
  },
};
