import { sql, type Kysely } from 'kysely';
import type { DeclaredPlace } from '../../engine/region-files/places.js';
import type { Database } from '../db/schema.js';

/** A place row as the YAML wants it (DeclaredPlace without where it was written). */
export type DesiredPlace = Omit<DeclaredPlace, 'origin'> & { origin?: unknown };

const COLUMNS = ['deptName', 'deptCode', 'parentId', 'level', 'ancestors', 'lesseeId', 'orderNum'] as const;

export interface PlacesSyncResult {
  inserted: number[];
  updated: number[];
  /** Places in the database that no places.yaml declares (kept), and those of them that data still refers to. */
  undeclared: number[];
  referenced: number[];
}

export interface SyncLog {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * Brings the place table in line with the regions' places.yaml: inserts new places, updates renamed, re-coded,
 * re-ordered or moved ones (and the tenant roots' lessee ids), deletes none. One query reads the table; writes happen
 * only for differences, so a start with nothing changed costs one query. A place the YAML no longer declares stays;
 * when data still refers to it, one warning line says so.
 */
export async function syncPlaces(db: Kysely<Database>, declared: readonly DesiredPlace[], log: SyncLog): Promise<PlacesSyncResult> {
  const rows = await db.selectFrom('place').selectAll().execute();
  const current = new Map(rows.map((r) => [r.deptId, r]));
  const declaredIds = new Set(declared.map((p) => p.deptId));
  const toInsert = declared.filter((p) => !current.has(p.deptId));
  const toUpdate = declared.filter((p) => {
    const row = current.get(p.deptId);
    return row !== undefined && COLUMNS.some((c) => row[c] !== p[c]);
  });
  const undeclared = rows.filter((r) => !declaredIds.has(r.deptId));

  // A code the YAML gives one place but the database keeps on a place no YAML declares cannot be written (codes are
  // unique); say which, rather than fail on the constraint.
  const undeclaredByCode = new Map(undeclared.map((r) => [r.deptCode, r]));
  const clash = declared.find((p) => undeclaredByCode.has(p.deptCode));
  if (clash) {
    const holder = undeclaredByCode.get(clash.deptCode)!;
    throw new Error(
      `地点编码冲突：places.yaml 中 ${clash.deptName}（${clash.deptId}）的编码 ${clash.deptCode} 在数据库中属于未声明的地点 ${holder.deptName}（${holder.deptId}）；请在 places.yaml 中声明该地点或改用其他编码`,
    );
  }

  if (toInsert.length > 0 || toUpdate.length > 0) {
    await db.transaction().execute(async (trx) => {
      // Codes may move between declared places (a swap); park the moving ones first so no step breaks uniqueness.
      const recoded = toUpdate.filter((p) => current.get(p.deptId)!.deptCode !== p.deptCode).map((p) => p.deptId);
      if (recoded.length > 0) {
        await trx
          .updateTable('place')
          .set({ deptCode: sql<string>`'sync:' || dept_id` })
          .where('deptId', 'in', recoded)
          .execute();
      }
      if (toInsert.length > 0) await trx.insertInto('place').values(toInsert.map(row)).execute();
      for (const p of toUpdate) {
        const { deptId, ...values } = row(p);
        await trx.updateTable('place').set(values).where('deptId', '=', deptId).execute();
      }
    });
  }

  const referenced =
    undeclared.length > 0
      ? await referencedPlaces(
          db,
          undeclared.map((r) => r.deptId),
        )
      : new Set<number>();
  const name = (id: number) => `${current.get(id)!.deptName}（${id}）`;
  // A deployment whose back office keeps many places of its own would otherwise print them all on every start.
  const names = (ids: number[]) => (ids.length > 20 ? `${ids.slice(0, 20).map(name).join('、')} 等 ${ids.length} 个` : ids.map(name).join('、'));
  if (toInsert.length > 0 || toUpdate.length > 0) {
    log.info(
      `地点已按 places.yaml 同步：新增 ${toInsert.length} 个，更新 ${toUpdate.length} 个${toUpdate.length ? `（${toUpdate.map((p) => `${p.deptName}（${p.deptId}）`).join('、')}）` : ''}`,
    );
  }
  if (referenced.size > 0) {
    log.warn(
      `数据库中有 ${referenced.size} 个地点未在任何 places.yaml 中声明，但仍有数据引用，已保留未删除：${names([...referenced])}。请在 places.yaml 中声明它们，或先迁走引用它们的数据`,
    );
  }
  const unreferenced = undeclared.filter((r) => !referenced.has(r.deptId));
  if (unreferenced.length > 0) {
    log.info(`数据库中有 ${unreferenced.length} 个地点未在 places.yaml 中声明（无数据引用，保留未删除）：${names(unreferenced.map((r) => r.deptId))}`);
  }
  return {
    inserted: toInsert.map((p) => p.deptId),
    updated: toUpdate.map((p) => p.deptId),
    undeclared: undeclared.map((r) => r.deptId),
    referenced: [...referenced],
  };
}

function row(p: DesiredPlace) {
  return {
    deptId: p.deptId,
    deptName: p.deptName,
    deptCode: p.deptCode,
    parentId: p.parentId,
    level: p.level,
    ancestors: p.ancestors,
    lesseeId: p.lesseeId,
    orderNum: p.orderNum,
  };
}

/**
 * Which of `ids` some row refers to: every column with a foreign key to place (found in the catalog, so a table
 * added later is covered), and places under them. Runs only when undeclared places exist.
 */
async function referencedPlaces(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  const { rows: keys } = await sql<{ tableName: string; columnName: string }>`
    SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'place'::regclass`.execute(db);
  const parts = [
    sql`SELECT parent_id AS id FROM place WHERE parent_id IN (${sql.join(ids)})`,
    ...keys.map((k) => sql`SELECT DISTINCT ${sql.ref(k.columnName)} AS id FROM ${sql.table(k.tableName)} WHERE ${sql.ref(k.columnName)} IN (${sql.join(ids)})`),
  ];
  const { rows } = await sql<{ id: number }>`${sql.join(parts, sql` UNION `)}`.execute(db);
  return new Set(rows.map((r) => Number(r.id)));
}
