import { sql, type Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The project list under a city's load (100k projects, ~25k in one city): counting and sorting a city's
// rows on every uncached request cost ~40 ms on PGlite.
// - project_tally: how many projects each place has per type, status and category (number), kept exact by
//   triggers on project, so the list's total for place/type/status/category filters is a sum over a few rows
//   instead of a scan. Rows that fall to 0 are kept (a later insert finds its row; no delete/insert race).
//   Every change is one INSERT … ON CONFLICT DO UPDATE whose rows are taken in key order, so two transactions
//   moving projects between the same tallies lock them in the same order and cannot deadlock.
// - Indexes in the list's order (newest first) per type, type + status and category: the first page is the
//   first matching entries of one index walk, where project_list_idx (type, dept_id, status, id) made PostgreSQL
//   gather and sort every row of the city's many places.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE project_tally (
      dept_id integer NOT NULL,
      type smallint NOT NULL,
      status smallint NOT NULL,
      number text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (dept_id, type, status, number)
    );
    INSERT INTO project_tally (dept_id, type, status, number, n)
      SELECT dept_id, type, status, number, count(*)::int FROM project GROUP BY dept_id, type, status, number;
    CREATE INDEX project_type_id_idx ON project (type, id DESC);
    CREATE INDEX project_type_status_id_idx ON project (type, status, id DESC);
    CREATE INDEX project_number_id_idx ON project (number, id DESC);
  `,
  );
  // Function bodies hold semicolons, so each is its own statement (execScript splits on them).
  const upsert = (source: string) => `
    INSERT INTO project_tally AS t (dept_id, type, status, number, n)
      SELECT dept_id, type, status, number, sum(n)::int FROM (${source}) c
      GROUP BY dept_id, type, status, number ORDER BY dept_id, type, status, number
    ON CONFLICT (dept_id, type, status, number) DO UPDATE SET n = t.n + EXCLUDED.n`;
  await sql
    .raw(
      `CREATE FUNCTION project_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert('SELECT dept_id, type, status, number, 1 AS n FROM added')};
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION project_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert('SELECT dept_id, type, status, number, -1 AS n FROM removed')};
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION project_tally_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(`SELECT OLD.dept_id AS dept_id, OLD.type AS type, OLD.status AS status, OLD.number AS number, -1 AS n
        UNION ALL SELECT NEW.dept_id, NEW.type, NEW.status, NEW.number, 1`)};
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION project_tally_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM project_tally;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  // Inserts and deletes once per statement (a bulk seed is one grouped upsert per batch); updates per row, and only
  // when a tallied column changes: a bid's UPDATE sets status = 6 again and must not touch the tally.
  await execScript(
    db,
    `
    CREATE TRIGGER project_tally_insert AFTER INSERT ON project REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION project_tally_inserted();
    CREATE TRIGGER project_tally_delete AFTER DELETE ON project REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION project_tally_deleted();
    CREATE TRIGGER project_tally_update AFTER UPDATE OF dept_id, type, status, number ON project FOR EACH ROW
      WHEN ((OLD.dept_id, OLD.type, OLD.status, OLD.number) IS DISTINCT FROM (NEW.dept_id, NEW.type, NEW.status, NEW.number))
      EXECUTE FUNCTION project_tally_moved();
    CREATE TRIGGER project_tally_truncate AFTER TRUNCATE ON project FOR EACH STATEMENT EXECUTE FUNCTION project_tally_cleared();
    ANALYZE project;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP TRIGGER IF EXISTS project_tally_truncate ON project;
    DROP TRIGGER IF EXISTS project_tally_update ON project;
    DROP TRIGGER IF EXISTS project_tally_delete ON project;
    DROP TRIGGER IF EXISTS project_tally_insert ON project;
    DROP FUNCTION IF EXISTS project_tally_cleared();
    DROP FUNCTION IF EXISTS project_tally_moved();
    DROP FUNCTION IF EXISTS project_tally_deleted();
    DROP FUNCTION IF EXISTS project_tally_inserted();
    DROP INDEX IF EXISTS project_number_id_idx;
    DROP INDEX IF EXISTS project_type_status_id_idx;
    DROP INDEX IF EXISTS project_type_id_idx;
    DROP TABLE IF EXISTS project_tally;
  `,
  );
}
