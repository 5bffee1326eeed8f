import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The auction engine: every bid keeps the bidder code it was placed under (codes are what viewers see), and the
// database itself refuses a second bid at the same amount or a second bidder with the same code in a project —
// the last line of defence should the locking in the engine ever be bypassed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE bid ADD COLUMN bidder_code text NOT NULL DEFAULT '';
    UPDATE bid SET bidder_code = r.bidder_code FROM registration r WHERE r.project_id = bid.project_id AND r.user_id = bid.user_id;
    CREATE UNIQUE INDEX bid_project_amount_uniq ON bid (project_id, amount);
    CREATE UNIQUE INDEX registration_bidder_code_uniq ON registration (project_id, bidder_code) WHERE bidder_code <> '';
    CREATE INDEX registration_review_idx ON registration (state, project_id);
    -- The scheduler looks for the next time-driven change among projects that are not final.
    CREATE INDEX project_open_status_idx ON project (status) WHERE status < 7;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP INDEX IF EXISTS project_open_status_idx;
    DROP INDEX IF EXISTS registration_review_idx;
    DROP INDEX IF EXISTS registration_bidder_code_uniq;
    DROP INDEX IF EXISTS bid_project_amount_uniq;
    ALTER TABLE bid DROP COLUMN IF EXISTS bidder_code;
  `,
  );
}
