import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What an archive says about itself (its manifest.json). */
export interface Manifest {
  format: 'tianmu-backup/1';
  /** ISO time of the snapshot. */
  createdAt: string;
  kind: 'pglite' | 'postgres';
  /** The application's version (package.json) that wrote it. */
  appVersion: string;
  /** The migrations applied in the database when it was taken (its schema version), in order. */
  migrations: string[];
  /** Rows per table of the public schema, counted in the same snapshot as the payload. */
  counts: Record<string, number>;
  payload: { name: string; bytes: number; sha256: string };
}

/** The running application's version, from package.json. */
export function appVersion(): string {
  try {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A query runner on one connection (or one snapshot): counting must see what the dump sees. */
export type Query = <R>(text: string) => Promise<R[]>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, by name. */
export async function publicTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Rows of every table of the public schema. */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = await publicTables(query);
  if (!tables.length) return {};
  const rows = await query<{ name: string; n: number | string | bigint }>(
    tables.map((t) => `SELECT '${t.replace(/'/g, "''")}' AS name, count(*) AS n FROM public.${quote(t)}`).join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** The applied migrations, in order (none when the table is absent). */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const [exists] = await query<{ exists: boolean }>(`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS exists`);
  if (!exists?.exists) return [];
  return (await query<{ name: string }>(`SELECT name FROM public.kysely_migration ORDER BY name`)).map((r) => r.name);
}

/** The records an operator recognises first: shown before the reference tables. */
const LEADING = ['project', 'bid', 'registration', 'deal_announcement', 'app_user', 'article', 'stored_file'];

/** "project 30 行、bid 120 行…": what a database holds, for a refusal. */
export function describeCounts(counts: Record<string, number>, limit = 6): string {
  const rank = (table: string) => (LEADING.includes(table) ? LEADING.indexOf(table) : LEADING.length);
  const filled = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => rank(a[0]) - rank(b[0]) || b[1] - a[1]);
  const shown = filled.slice(0, limit).map(([t, n]) => `${t} ${n} 行`);
  return `${Object.keys(counts).length} 张表${shown.length ? `，其中 ${shown.join('、')}${filled.length > limit ? ' 等' : ''}` : '（均无数据）'}`;
}
