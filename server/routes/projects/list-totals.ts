import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containing } from '../../api/request-params.js';
import { hasResidual, TOTAL_SAMPLE_MIN_HITS, TOTAL_SAMPLE_ROWS, twoDigits, type ListFilter } from '../project-list-query.js';

/** The filters project_tally can count: place, type, category and status. */
function applyTallied<O>(q: SelectQueryBuilder<Database, 'project', O>, f: ListFilter): SelectQueryBuilder<Database, 'project', O> {
  q = q.where('project.deptId', 'in', f.deptIds);
  if (f.type !== undefined) q = q.where('project.type', '=', f.type);
  if (f.number) q = q.where('project.number', '=', f.number);
  if (f.statuses?.length) q = q.where('project.status', 'in', f.statuses);
  return q;
}

/** The filters only the rows themselves can answer (area, keyword); none when the list has neither. */
function residualConditions(eb: ExpressionBuilder<Database, 'project'>, f: ListFilter): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.areaBegin !== undefined) out.push(eb('project.area', '>=', String(f.areaBegin)));
  if (f.areaEnd !== undefined) out.push(eb('project.area', '<=', String(f.areaEnd)));
  if (f.keyword) {
    const pattern = containing(f.keyword);
    out.push(
      eb.or([
        eb('project.projectName', 'ilike', pattern),
        eb('project.code', 'ilike', pattern),
        eb('project.keys', 'ilike', pattern),
        eb('project.address', 'ilike', pattern),
      ]),
    );
  }
  return out;
}

/** Every filter of the list on a query of projects. */
export function applyFilter<O>(q: SelectQueryBuilder<Database, 'project', O>, f: ListFilter): SelectQueryBuilder<Database, 'project', O> {
  q = applyTallied(q, f);
  return hasResidual(f) ? q.where((eb) => eb.and(residualConditions(eb, f))) : q;
}

export interface ListTotal {
  total: number;
  /** total is an estimate (约 N 条), rounded to two significant digits. */
  approx: boolean;
}

/**
 * The list's total without scanning the tenant's rows: place/type/category/status filters are a sum over
 * project_tally (exact, kept by triggers). Area and keyword filters count their matches exactly among up to
 * TOTAL_SAMPLE_ROWS candidates; over more, the share of matches among the newest TOTAL_SAMPLE_ROWS scales the tallied
 * total, as large portals show 约 N 条.
 */
function tallyQuery(db: Kysely<Database>, f: ListFilter) {
  let tally = db
    .selectFrom('projectTally')
    .select(sql<number>`coalesce(sum(n), 0)::int`.as('total'))
    .where('projectTally.deptId', 'in', f.deptIds);
  if (f.type !== undefined) tally = tally.where('projectTally.type', '=', f.type);
  if (f.number) tally = tally.where('projectTally.number', '=', f.number);
  if (f.statuses?.length) tally = tally.where('projectTally.status', 'in', f.statuses);
  return tally;
}

export async function countProjects(db: Kysely<Database>, f: ListFilter): Promise<ListTotal> {
  const candidates = Number((await tallyQuery(db, f).executeTakeFirstOrThrow()).total);
  if (!hasResidual(f) || candidates === 0) return { total: candidates, approx: false };
  if (candidates > TOTAL_SAMPLE_ROWS) {
    const newest = applyTallied(
      db.selectFrom('project').select((eb) => eb.and(residualConditions(eb, f)).as('hit')),
      f,
    )
      .orderBy('project.id', 'desc')
      .limit(TOTAL_SAMPLE_ROWS);
    const { hits } = await db
      .selectFrom(newest.as('s'))
      .select(sql<number>`count(*) FILTER (WHERE s.hit)::int`.as('hits'))
      .executeTakeFirstOrThrow();
    if (Number(hits) >= TOTAL_SAMPLE_MIN_HITS) return { total: twoDigits((Number(hits) / TOTAL_SAMPLE_ROWS) * candidates), approx: true };
  }
  const exact = await applyFilter(db.selectFrom('project').select(sql<number>`count(*)::int`.as('total')), f).executeTakeFirstOrThrow();
  return { total: Number(exact.total), approx: false };
}

/** A page that is not full (or the first, empty) ends the list: its total is known exactly. */
export function pageTotal(count: ListTotal, offset: number | undefined, shown: number, pageSize: number): { total: number; totalApprox?: true } {
  if (!count.approx) return { total: count.total };
  // After an afterId the page's place in the list is unknown.
  if (offset === undefined) return { total: count.total, totalApprox: true };
  if (shown < pageSize && (shown > 0 || offset === 0)) return { total: offset + shown };
  return { total: Math.max(count.total, offset + shown), totalApprox: true };
}
