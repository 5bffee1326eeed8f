import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PlaceTree } from '../plugins/places.js';
import { importLockKey } from '../import/kind.js';

/**
 * 项目编号 as the trading centres write it: the region's letters, the year (China time), the project type and a
 * serial, e.g. LT2026-2-000071. The demo seed and the console make it by this one rule.
 */

/** The prefix of a place no region claims, or whose region names none. */
export const DEFAULT_CODE_PREFIX = 'NC';
const PREFIX = /^[A-Z]{1,6}$/;

export function formatProjectCode(prefix: string, year: number, type: number, serial: number): string {
  return `${prefix}${year}-${type}-${String(serial).padStart(6, '0')}`;
}

/** The calendar year in China Standard Time. */
export const cstYear = (d: Date): number => new Date(d.getTime() + 8 * 3600_000).getUTCFullYear();

/**
 * The prefix of the nearest region (its `deptId`) at or above the place, from the regions' `projectCodePrefix`.
 * Walking up from the place lets a county region inside a city region win over the city.
 */
export function codePrefixFor(places: PlaceTree, regions: readonly { deptId: number; projectCodePrefix?: string }[], deptId: number): string {
  const byRoot = new Map(regions.map((r) => [r.deptId, r.projectCodePrefix]));
  for (let id: number | undefined = deptId, hops = 0; id && hops < 32; hops++) {
    if (byRoot.has(id)) {
      const prefix = byRoot.get(id);
      return prefix && PREFIX.test(prefix) ? prefix : DEFAULT_CODE_PREFIX;
    }
    id = places.get(id)?.parentId;
  }
  return DEFAULT_CODE_PREFIX;
}

/**
 * A new 项目编号 for the prefix: one past the highest serial any project's code of that prefix carries (imported
 * codes of the same shape included, so a generated one never repeats them). The projects import's transaction lock
 * makes two saves at once, or a save and an import, take turns, so neither reads a maximum the other is changing.
 */
export async function nextProjectCode(trx: Transaction<Database>, prefix: string, type: number): Promise<string> {
  if (!PREFIX.test(prefix)) throw new Error(`project code prefix not A-Z: ${prefix}`);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${importLockKey('projects')}))`.execute(trx);
  const pattern = `^${prefix}[0-9]{4}-[123]-[0-9]{1,9}$`;
  const { rows } = await sql<{ serial: number | null; now: Date }>`
    SELECT max(substring(code FROM '-([0-9]+)$')::int) AS serial, now() AS now
    FROM project WHERE code ~ ${pattern}`.execute(trx);
  return formatProjectCode(prefix, cstYear(new Date(rows[0].now)), type, (rows[0].serial ?? 0) + 1);
}
