import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * PGlite parses and plans every statement it is sent, which for a short lookup costs more than running it. On
 * PGlite (one session: statements never overlap) a hot statement is PREPAREd once per Kysely instance and run with
 * EXECUTE; each caller keeps its plain statement for PostgreSQL, where the pool's connections differ.
 */
const preparedBy = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Runs `EXECUTE name(literals…)`, preparing `name` as `statement` on first use. EXECUTE takes no bind parameters,
 * so every literal must already be safe SQL text: use {@link sqlInt}, {@link sqlText} or {@link sqlIntArray}.
 */
export async function executePrepared<Row>(db: Kysely<Database>, name: string, paramTypes: string, statement: string, literals: string[]): Promise<Row[]> {
  let byName = preparedBy.get(db);
  if (!byName) preparedBy.set(db, (byName = new Map()));
  let ready = byName.get(name);
  if (!ready) {
    ready = sql
      .raw(`PREPARE ${name}(${paramTypes}) AS ${statement}`)
      .execute(db)
      .then(
        () => undefined,
        (error: { code?: string }) => {
          if (error.code !== '42P05') throw error; // already prepared in this session
        },
      );
    byName.set(name, ready);
    ready.catch(() => byName.delete(name));
  }
  await ready;
  const { rows } = await sql.raw<Row>(`EXECUTE ${name}(${literals.join(', ')})`).execute(db);
  return rows;
}

/** An integer as SQL text (anything else becomes -1, which matches no id). */
export const sqlInt = (x: number): string => (Number.isInteger(x) ? String(x) : '-1');
/** An int[] literal. */
export const sqlIntArray = (xs: number[]): string => `'{${xs.map(sqlInt).join(',')}}'`;
/** A quoted SQL string literal (quotes doubled; NUL is refused earlier by the input checks and cannot be stored). */
export const sqlText = (s: string): string => `'${s.replace(/\0/g, '').replace(/'/g, "''")}'`;

/** The parameter types a {@link Statement} may declare, each with how PGlite's EXECUTE receives it as a literal. */
const LITERAL = {
  int: (v: unknown) => sqlInt(v as number),
  'int[]': (v: unknown) => sqlIntArray(v as number[]),
  text: (v: unknown) => sqlText(v as string),
  // Decimal text (digits and one point) stands as it is; anything else is refused before it reaches SQL.
  numeric: (v: unknown) => {
    if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) throw new TypeError('numeric parameter must be decimal text');
    return v;
  },
} as const;

/** One parameterised statement: `$1…$n` of the declared types, the same text on PGlite and on PostgreSQL. */
export interface Statement {
  /** The prepared statement's name on PGlite, and on PostgreSQL with `namedOnPostgres`. */
  name: string;
  params: Array<keyof typeof LITERAL>;
  text: string;
  /**
   * Sent to PostgreSQL as a named prepared statement: parsed and analysed once per pooled connection, and after
   * five runs planned once too when PostgreSQL finds its generic plan no dearer than the values' own (plan_cache_mode
   * auto). The bid (lookups by key) is planned once so: that, more than the parse, took its CPU from ~800 to ~350 µs.
   */
  namedOnPostgres?: boolean;
}

/** Texts sent to PostgreSQL under a name (see {@link Statement.namedOnPostgres}), text → name. */
const namedOnPostgres = new Map<string, string>();

/** From now on `text` goes to PostgreSQL as the named prepared statement `name` (see {@link Statement.namedOnPostgres}). */
export function nameOnPostgres(name: string, text: string): void {
  if (namedOnPostgres.get(text) === name) return;
  claimStatementName(name, text);
  namedOnPostgres.set(text, name);
}

/**
 * The name a statement text goes to PostgreSQL under, if {@link nameOnPostgres} gave it one; the pool's clients read it (see `namedStatementsPool` in database.ts) since Kysely sends every query unnamed.
 */
export function postgresStatementName(text: string): string | undefined {
  return namedOnPostgres.get(text);
}

/**
 * Runs `statement` with `params` ($1…$n; null is SQL NULL): bound as parameters on PostgreSQL; on PGlite
 * (`singleSession`) the same text PREPAREd once and run with EXECUTE, which takes no bind parameters (PostgreSQL
 * refuses them on utility statements), so each value is written as a literal of its declared type.
 */
export async function runStatement<Row>(
  db: Kysely<Database> | Transaction<Database>,
  statement: Statement,
  params: unknown[],
  singleSession: boolean,
): Promise<Row[]> {
  if (!singleSession) {
    if (statement.namedOnPostgres) nameOnPostgres(statement.name, statement.text);
    return (await db.executeQuery<Row>(CompiledQuery.raw(statement.text, params))).rows;
  }
  const literals = params.map((value, i) => (value === null ? 'NULL' : LITERAL[statement.params[i]](value)));
  return executePrepared<Row>(db as Kysely<Database>, statement.name, statement.params.join(', '), statement.text, literals);
}

const textsByName = new Map<string, string>();

/**
 * Claims `name` for `text` before {@link executePrepared} runs it: PGlite keeps the first statement PREPAREd under a
 * name (a second PREPARE of the name is taken as already done), so one name given to two texts would silently run
 * the wrong one. Throws on such a clash.
 */
export function claimStatementName(name: string, text: string): void {
  const named = textsByName.get(name);
  if (named !== undefined && named !== text) throw new Error(`statement name ${name} given to two texts`);
  textsByName.set(name, text);
}
