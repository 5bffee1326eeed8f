import { sql, type Kysely } from 'kysely';

/**
 * Runs a multi-statement SQL script one statement at a time.
 * PGlite's extended-protocol `query` refuses several commands in one call, so scripts are split
 * on semicolons that end a line (migrations keep that form; no semicolons inside literals).
 */
export async function execScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
