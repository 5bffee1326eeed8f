import type { Kysely } from 'kysely';
import type { Database, Place } from '../db/schema.js';

/**
 * The place tree, kept in memory: it is small (hundreds of rows) and read on every request to turn a deptId
 * into "that place and every place under it". Reloads when asked about an id it does not know.
 */
export class PlaceTree {
  private byId = new Map<number, Place>();
  private children = new Map<number, number[]>();
  private subtreeCache = new Map<number, number[]>();
  private lastLoad = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('place').selectAll().orderBy('orderNum').orderBy('deptId').execute();
    this.byId = new Map(rows.map((r) => [r.deptId, r]));
    this.children = new Map();
    for (const r of rows) {
      const list = this.children.get(r.parentId) ?? [];
      list.push(r.deptId);
      this.children.set(r.parentId, list);
    }
    this.subtreeCache.clear();
    this.lastLoad = Date.now();
  }

  /** The place, reloading the tree once (at most every 2 s) if the id is unknown. */
  async find(deptId: number): Promise<Place | undefined> {
    let place = this.byId.get(deptId);
    if (!place && Date.now() - this.lastLoad > 2000) {
      await this.load();
      place = this.byId.get(deptId);
    }
    return place;
  }

  get(deptId: number): Place | undefined {
    return this.byId.get(deptId);
  }

  /** deptId and every descendant's id. */
  subtree(deptId: number): number[] {
    const cached = this.subtreeCache.get(deptId);
    if (cached) return cached;
    const out: number[] = [];
    const stack = [deptId];
    while (stack.length) {
      const id = stack.pop()!;
      if (!this.byId.has(id)) continue;
      out.push(id);
      for (const child of this.children.get(id) ?? []) stack.push(child);
    }
    this.subtreeCache.set(deptId, out);
    return out;
  }

  childrenOf(deptId: number): Place[] {
    return (this.children.get(deptId) ?? []).map((id) => this.byId.get(id)!);
  }

  /** True when `deptId` is `rootId` or lies under it. */
  contains(rootId: number, deptId: number): boolean {
    return this.subtree(rootId).includes(deptId);
  }

  name(deptId: number): string {
    return this.byId.get(deptId)?.deptName ?? '';
  }
}
