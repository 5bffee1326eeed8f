import { toNumber } from '../../api/format.js';
import type { PlaceTree } from '../../plugins/places.js';
import { MESSAGES } from '../../api/messages.js';
import type { StatisticsRows } from './queries.js';

const count = (n: string | number | bigint) => Number(n);
const amount = (v: string | null | undefined) => toNumber(v ?? null) ?? 0;
const money = (n: number) => Math.round(n * 100) / 100;

/** Projects, deals and their amount per place one level under `rootId` (within `ids`), then the root's own rows. */
export function byPlaceOf(byDept: StatisticsRows['byDept'], places: PlaceTree, rootId: number, ids: number[]) {
  // Each place one level under the root gathers the rows of its whole subtree; the root's own rows come last.
  const children = places.childrenOf(rootId).filter((c) => ids.includes(c.deptId));
  const ownerOf = new Map<number, number>();
  for (const child of children) for (const id of places.subtree(child.deptId)) ownerOf.set(id, child.deptId);
  const perPlace = new Map<number, { projects: number; deals: number; dealAmount: number }>();
  for (const row of byDept) {
    const owner = ownerOf.get(row.deptId) ?? rootId;
    const entry = perPlace.get(owner) ?? { projects: 0, deals: 0, dealAmount: 0 };
    entry.projects += count(row.n);
    entry.deals += count(row.deals);
    entry.dealAmount += amount(row.amount);
    perPlace.set(owner, entry);
  }
  const placeRow = (deptId: number, deptName: string) => {
    const e = perPlace.get(deptId) ?? { projects: 0, deals: 0, dealAmount: 0 };
    return { deptId, deptName, projects: e.projects, deals: e.deals, dealAmount: money(e.dealAmount) };
  };
  const byPlace = children.map((c) => placeRow(c.deptId, c.deptName));
  if (perPlace.has(rootId)) byPlace.push(placeRow(rootId, MESSAGES.statistics.ownLevel(places.name(rootId))));
  return byPlace;
}

/** One entry per month of `keys` (months without activity count zero). */
export function monthlyOf(rows: StatisticsRows, keys: string[]) {
  const dealsByMonth = new Map(rows.monthlyDeals.map((r) => [r.month, r]));
  const registrationsByMonth = new Map(rows.monthlyRegistrations.map((r) => [r.month, count(r.n)]));
  const bidsByMonth = new Map(rows.monthlyBids.map((r) => [r.month, count(r.n)]));
  return keys.map((month) => ({
    month,
    deals: count(dealsByMonth.get(month)?.n ?? 0),
    dealAmount: money(amount(dealsByMonth.get(month)?.amount)),
    registrations: registrationsByMonth.get(month) ?? 0,
    bids: bidsByMonth.get(month) ?? 0,
  }));
}

/** The whole region's figures. */
export function totalsOf(rows: StatisticsRows) {
  return {
    projects: rows.byStatus.reduce((sum, r) => sum + count(r.n), 0),
    deals: rows.byDept.reduce((sum, r) => sum + count(r.deals), 0),
    dealAmount: money(rows.byDept.reduce((sum, r) => sum + amount(r.amount), 0)),
    registrations: count(rows.registrations.n),
    bids: count(rows.bids.n),
  };
}

/** The categories with projects, the busiest first (ties in the catalogue's order). */
export function byCategoryOf(byCategory: StatisticsRows['byCategory']) {
  return byCategory
    .map((r) => ({ type: r.type, number: r.number, classname: r.classname, count: count(r.n), sort: r.dictSort }))
    .sort((a, b) => b.count - a.count || a.type - b.type || a.sort - b.sort)
    .map(({ sort: _sort, ...rest }) => rest);
}
