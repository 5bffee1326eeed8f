import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// What visitors hand in on the about pages and the property registration:
// - complaint: 投诉建议 (/aboutUs/complaints) and 项目咨询 (/aboutUs/select1), told apart by `kind`. Anyone may send one
//   (a contact phone is required instead of a login); user_id is kept when the sender was logged in.
// - property_registration: 产权登记 (/registName), a collective's property it wants registered; needs a login.
// Each gets a reference number (受理编号) the page shows, which staff and the sender quote afterwards.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE complaint (
      id serial PRIMARY KEY,
      ref_no text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('complaint', 'consult')),
      dept_id integer NOT NULL REFERENCES place (dept_id),
      name text NOT NULL,
      phone text NOT NULL,
      type text NOT NULL DEFAULT '',
      content text NOT NULL,
      project text NOT NULL DEFAULT '',
      user_id integer REFERENCES app_user (user_id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handling', 'done')),
      reply text,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX complaint_dept_idx ON complaint (dept_id, create_time DESC);
    CREATE TABLE property_registration (
      id serial PRIMARY KEY,
      ref_no text NOT NULL UNIQUE,
      dept_id integer NOT NULL REFERENCES place (dept_id),
      user_id integer NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
      owner text NOT NULL,
      location text NOT NULL,
      property_type text NOT NULL,
      area numeric(14, 2) NOT NULL CHECK (area > 0),
      unit smallint NOT NULL CHECK (unit BETWEEN 1 AND 18),
      contact text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      photos jsonb NOT NULL DEFAULT '[]'::jsonb,
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'accepted', 'rejected')),
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX property_registration_user_idx ON property_registration (user_id, create_time DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP TABLE IF EXISTS property_registration;
    DROP TABLE IF EXISTS complaint;
  `,
  );
}
