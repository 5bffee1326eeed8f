import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PlaceTree } from '../plugins/places.js';
import { importLockKey } from '../import/kind.js';

/**
 * 项目编号 as the trading centres write it, by the region's pattern (`projectCodePattern`, default
 * `{prefix}{year}-{type}-{serial:6}`: LT2026-2-000071): the region's letters, the year (China time), the project type
 * and a serial. The demo seed and the console make it by this one rule; the database holds every number unique
 * (migration 024).
 */

/** The prefix of a place no region claims, or whose region names none. */
export const DEFAULT_CODE_PREFIX = 'NC';
export const DEFAULT_CODE_PATTERN = '{prefix}{year}-{type}-{serial:6}';
const PREFIX = /^[A-Z]{1,6}$/;

/**
 * The pattern's grammar, also the region schema's `pattern` for `projectCodePattern` (a test holds them equal): literal
 * letters, digits, `-` and `_`, and the fields {prefix}, {year}, {type}, {serial:N} (N digits, 1–9), the serial exactly
 * once. At most 60 characters.
 */
export const CODE_PATTERN_SYNTAX =
  '^(?=.*\\{serial:[1-9]\\})(?!.*\\{serial:.*\\{serial:)(?:[A-Za-z0-9_-]|\\{prefix\\}|\\{year\\}|\\{type\\}|\\{serial:[1-9]\\}){1,60}$';
const SYNTAX = new RegExp(CODE_PATTERN_SYNTAX);
const FIELD = /\{(prefix|year|type|serial:([1-9]))\}/g;

/** What a region says about its numbers. */
export interface CodeRule {
  prefix: string;
  pattern: string;
}

export const isCodePattern = (pattern: string): boolean => SYNTAX.test(pattern);

/** A number by the pattern: `formatProjectCode(rule, 2026, 2, 71)` → LT2026-2-000071. */
export function formatProjectCode(rule: CodeRule, year: number, type: number, serial: number): string {
  return rule.pattern.replace(FIELD, (_all, field: string, width?: string) => {
    if (field === 'prefix') return rule.prefix;
    if (field === 'year') return String(year);
    if (field === 'type') return String(type);
    return String(serial).padStart(Number(width), '0');
  });
}

/**
 * A POSIX regular expression (PostgreSQL's `~` and `substring … FROM`) matching every number the rule makes, whatever
 * its year and type, with the serial as its one group: the serial counts on across years and types, as the centres'
 * numbers do. Literals are letters, digits, `-` and `_` only, none special to a regular expression outside brackets.
 */
export function codeRegex(rule: CodeRule): string {
  const body = rule.pattern.replace(FIELD, (_all, field: string) => {
    if (field === 'prefix') return rule.prefix;
    if (field === 'year') return '[0-9]{4}';
    if (field === 'type') return '[123]';
    return '([0-9]{1,9})';
  });
  return `^${body}$`;
}

/** The calendar year in China Standard Time. */
export const cstYear = (d: Date): number => new Date(d.getTime() + 8 * 3600_000).getUTCFullYear();

type RegionCodeConfig = { deptId: number; projectCodePrefix?: string; projectCodePattern?: string };

/**
 * The rule of the nearest region (its `deptId`) at or above the place, from the regions' `projectCodePrefix` and
 * `projectCodePattern`. Walking up from the place lets a county region inside a city region win over the city.
 */
export function codeRuleFor(places: PlaceTree, regions: readonly RegionCodeConfig[], deptId: number): CodeRule {
  const byRoot = new Map(regions.map((r) => [r.deptId, r]));
  for (let id: number | undefined = deptId, hops = 0; id && hops < 32; hops++) {
    const region = byRoot.get(id);
    if (region) {
      const prefix = region.projectCodePrefix && PREFIX.test(region.projectCodePrefix) ? region.projectCodePrefix : DEFAULT_CODE_PREFIX;
      const pattern = region.projectCodePattern && isCodePattern(region.projectCodePattern) ? region.projectCodePattern : DEFAULT_CODE_PATTERN;
      return { prefix, pattern };
    }
    id = places.get(id)?.parentId;
  }
  return { prefix: DEFAULT_CODE_PREFIX, pattern: DEFAULT_CODE_PATTERN };
}

/** The prefix alone ({@link codeRuleFor}). */
export const codePrefixFor = (places: PlaceTree, regions: readonly RegionCodeConfig[], deptId: number): string => codeRuleFor(places, regions, deptId).prefix;

/**
 * A new 项目编号 by the rule: one past the highest serial any project's number of that shape carries (imported
 * numbers of the same shape included, so a generated one never repeats them). The projects import's transaction lock
 * makes two saves at once, or a save and an import, take turns, so neither reads a maximum the other is changing;
 * the unique index (migration 024) holds whatever else writes.
 */
export async function nextProjectCode(trx: Transaction<Database>, rule: CodeRule, type: number): Promise<string> {
  if (!PREFIX.test(rule.prefix)) throw new Error(`project code prefix not A-Z: ${rule.prefix}`);
  if (!isCodePattern(rule.pattern)) throw new Error(`project code pattern invalid: ${rule.pattern}`);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${importLockKey('projects')}))`.execute(trx);
  const regex = codeRegex(rule);
  const { rows } = await sql<{ serial: number | null; now: Date }>`
    SELECT max(substring(code FROM ${regex})::int) AS serial, now() AS now
    FROM project WHERE code ~ ${regex}`.execute(trx);
  return formatProjectCode(rule, cstYear(new Date(rows[0].now)), type, (rows[0].serial ?? 0) + 1);
}
