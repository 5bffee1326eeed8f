import { sql } from 'kysely';

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The `months` calendar months (China Standard Time) ending with the one `now` falls in, oldest first, as
 * `YYYY-MM`, and the instant the first of them starts.
 */
export function monthWindow(now: Date, months: number): { keys: string[]; start: Date } {
  const cst = new Date(now.getTime() + CST_OFFSET_MS);
  const year = cst.getUTCFullYear();
  const month = cst.getUTCMonth();
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const start = new Date(Date.UTC(year, month - (months - 1), 1) - CST_OFFSET_MS);
  return { keys, start };
}

/** `YYYY-MM` of a timestamptz column in China Standard Time, as SQL. */
export const monthOf = (column: string) => sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;
