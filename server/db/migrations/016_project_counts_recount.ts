import { type Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The bulk seed (npm run seed -- --projects N over 2000, and the benchmarks' databases) skipped triggers for speed,
// so project_tally (013) and project.bid_count (014) missed every seeded row: the list said 0 条 over 100 000
// projects, and a keyword or area filter, finding no candidates, skipped its count altogether (the benchmark measured
// less work than a real list does). The seed now recounts; this repairs databases seeded before. Both are derived
// from the rows, so recounting is always safe.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DELETE FROM project_tally;
    INSERT INTO project_tally (dept_id, type, status, number, n)
      SELECT dept_id, type, status, number, count(*)::int FROM project GROUP BY dept_id, type, status, number;
    UPDATE project p SET bid_count = coalesce(b.n, 0)
      FROM project q LEFT JOIN (SELECT project_id, count(*)::int AS n FROM bid GROUP BY project_id) b ON b.project_id = q.id
      WHERE p.id = q.id AND p.bid_count IS DISTINCT FROM coalesce(b.n, 0);
    ANALYZE project_tally;
  `,
  );
}

export async function down(): Promise<void> {
  // Nothing to undo: the counts were only made true.
}
