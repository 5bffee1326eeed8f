import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// Staff roles an administrator defines per tenant (its root place): a name and the console pages it opens. An
// account without a role keeps every staff page, so accounts made before roles existed lose nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE staff_role (
      role_id serial PRIMARY KEY,
      dept_id integer NOT NULL,
      name text NOT NULL,
      permissions jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (dept_id, name)
    );
    ALTER TABLE app_user ADD COLUMN staff_role_id integer REFERENCES staff_role (role_id);
    CREATE INDEX app_user_staff_role_id ON app_user (staff_role_id) WHERE staff_role_id IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE app_user DROP COLUMN IF EXISTS staff_role_id;
    DROP TABLE IF EXISTS staff_role;
  `,
  );
}
