import { sql, type Kysely } from 'kysely';

// Bids under load: every bid reported the project's bid count by counting its bids, under the project's
// row lock — a scan that grows with the auction (~1-2 ms at 5000 bids on PGlite, the lock held all that while on
// PostgreSQL). project.bid_count is kept exact by statement-level triggers on bid (any writer: the bid statement,
// the seed, tests that clear bids), so the bid statement and the auction state read one column.
// Bids never move between projects (no UPDATE of bid.project_id anywhere), so updates are not tracked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE project ADD COLUMN bid_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE project p SET bid_count = b.n FROM (SELECT project_id, count(*)::int AS n FROM bid GROUP BY project_id) b WHERE b.project_id = p.id`.execute(
    db,
  );
  await sql
    .raw(
      `CREATE FUNCTION project_bid_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE project p SET bid_count = p.bid_count + a.n
        FROM (SELECT project_id, count(*)::int AS n FROM added GROUP BY project_id) a WHERE p.id = a.project_id;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION project_bid_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE project p SET bid_count = greatest(0, p.bid_count - r.n)
        FROM (SELECT project_id, count(*)::int AS n FROM removed GROUP BY project_id) r WHERE p.id = r.project_id;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION project_bid_count_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE project SET bid_count = 0 WHERE bid_count <> 0;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER project_bid_count_insert AFTER INSERT ON bid REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION project_bid_count_added()`.execute(
    db,
  );
  await sql`CREATE TRIGGER project_bid_count_delete AFTER DELETE ON bid REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION project_bid_count_removed()`.execute(
    db,
  );
  await sql`CREATE TRIGGER project_bid_count_truncate AFTER TRUNCATE ON bid FOR EACH STATEMENT EXECUTE FUNCTION project_bid_count_cleared()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS project_bid_count_truncate ON bid`.execute(db);
  await sql`DROP TRIGGER IF EXISTS project_bid_count_delete ON bid`.execute(db);
  await sql`DROP TRIGGER IF EXISTS project_bid_count_insert ON bid`.execute(db);
  await sql`DROP FUNCTION IF EXISTS project_bid_count_cleared()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS project_bid_count_removed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS project_bid_count_added()`.execute(db);
  await sql`ALTER TABLE project DROP COLUMN IF EXISTS bid_count`.execute(db);
}
