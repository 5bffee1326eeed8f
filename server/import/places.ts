import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ColumnSpec, RowReader } from './row-reader.js';

interface KnownPlace {
  deptId: number;
  deptName: string;
  deptCode: string;
}

/**
 * Names a row's place by its number (deptId), its code or its name, within the places the importer acts on: a place
 * outside them is refused by name (so staff of one county cannot import into another), a name shared by two places
 * in scope must be given by number.
 */
export class PlaceResolver {
  private readonly inScope: Set<number>;
  private readonly byName = new Map<string, KnownPlace[]>();
  private readonly byCode = new Map<string, KnownPlace>();
  private readonly byId = new Map<number, KnownPlace>();
  /** Rows that named a place outside the scope: the real import answers 403 when there is any. */
  outOfScope = 0;

  private constructor(
    all: KnownPlace[],
    scope: readonly number[],
    private readonly fallback: number | undefined,
  ) {
    this.inScope = new Set(scope);
    for (const p of all) {
      this.byId.set(p.deptId, p);
      if (p.deptCode) this.byCode.set(p.deptCode, p);
      this.byName.set(p.deptName, [...(this.byName.get(p.deptName) ?? []), p]);
    }
  }

  static async load(db: Kysely<Database>, scope: readonly number[], fallback?: number): Promise<PlaceResolver> {
    const all = await db.selectFrom('place').select(['deptId', 'deptName', 'deptCode']).execute();
    return new PlaceResolver(all, scope, fallback);
  }

  /** The name of a place the template's example row can use. */
  nameOf(deptId: number): string {
    return this.byId.get(deptId)?.deptName ?? String(deptId);
  }

  /** The row's place id; the default place when the cell is empty (a problem when there is none). */
  read(reader: RowReader, column: ColumnSpec): number | undefined {
    const raw = reader.text({ ...column, required: false });
    if (raw === undefined) return undefined;
    if (!raw) return this.fallback ?? reader.problem(column.header, '不能为空');
    const exact = (/^\d{1,9}$/.test(raw) ? this.byId.get(Number(raw)) : undefined) ?? this.byCode.get(raw);
    const named = exact ? [exact] : (this.byName.get(raw) ?? []);
    const mine = named.filter((p) => this.inScope.has(p.deptId));
    if (mine.length === 1) return mine[0].deptId;
    if (mine.length > 1) return reader.problem(column.header, `有 ${mine.length} 个地点名为“${raw}”，请填写地点编号：${mine.map((p) => p.deptId).join('、')}`);
    if (named.length > 0) {
      this.outOfScope++;
      return reader.problem(column.header, `地点“${raw}”不在您的管理范围内，不能导入`);
    }
    return reader.problem(column.header, `未知的地点：${raw}`);
  }
}
