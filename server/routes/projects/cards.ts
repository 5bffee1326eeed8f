import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { jsonValue, toNumber } from '../../api/format.js';
import type { PlaceTree } from '../../plugins/places.js';
import type { ListRow } from '../project-list-query.js';

/** A card's fields: dates already written as the API shows them. */
export type CardRow = Omit<ListRow, 'listTotal' | 'listHits'>;

export function card(r: CardRow, classname: string, places: PlaceTree) {
  const price = toNumber(r.price) ?? 0;
  const current = toNumber(r.currentPrice);
  const deptName = places.name(r.deptId);
  return {
    id: r.id,
    status: r.status,
    type: r.type,
    code: r.code,
    projectName: r.projectName,
    projectname: r.projectName,
    deptId: r.deptId,
    deptName,
    areaName: deptName,
    imgList: jsonValue<string[]>(r.imgList, []),
    price,
    priceUnit: r.priceUnit,
    dealAmount: toNumber(r.dealAmount),
    amount: current ?? price,
    area: toNumber(r.area),
    areaUnit: r.areaUnit,
    unit: r.areaUnit,
    scale: r.scale,
    outname: r.outname,
    needname: r.needname,
    company: r.company,
    signCts: r.signCts,
    watchCts: r.watchCts,
    number: r.number,
    classname,
    address: r.address,
    releaseRecord: {
      projectType: r.type,
      publicityStopTime: r.publicityStopTime,
      applyStartTime: r.applyStartTime,
      applyStopTime: r.applyStopTime,
      biddingStartTime: r.biddingStartTime,
      biddingStopTime: r.biddingStopTime,
    },
  };
}

/**
 * Category names by number. project_category is reference data that only migrations write, and every project names
 * one (a foreign key), so the list takes a card's category name from here instead of joining it per request; a
 * number not seen yet reloads the table once.
 */
export class CategoryNames {
  private names = new Map<string, string>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('projectCategory').select(['number', 'classname']).execute();
    this.names = new Map(rows.map((r) => [r.number, r.classname]));
  }

  async forRows(rows: Array<{ number: string }>): Promise<(number: string) => string> {
    if (rows.some((r) => !this.names.has(r.number))) await this.load();
    return (number) => this.names.get(number) ?? '';
  }
}
