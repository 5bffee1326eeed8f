import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// One schema for the whole portal. Snake case in SQL; Kysely's CamelCasePlugin maps it to the
// field names the API speaks (projectName, signCts, releaseRecord times…).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    -- The place tree: province (1) > city (2) > county (3) > town (4) > village (5).
    -- ancestors is the comma-separated chain of parent ids, so "a place and all under it" is one index scan.
    CREATE TABLE place (
      dept_id integer PRIMARY KEY,
      dept_name text NOT NULL,
      dept_code text NOT NULL UNIQUE,
      parent_id integer NOT NULL DEFAULT 0,
      level smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
      ancestors text NOT NULL DEFAULT '0',
      lessee_id integer,
      order_num integer NOT NULL DEFAULT 0
    );
    CREATE INDEX place_parent_idx ON place (parent_id);

    CREATE TABLE app_user (
      user_id serial PRIMARY KEY,
      phone text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      name text NOT NULL DEFAULT '',
      cover text NOT NULL DEFAULT '',
      id_card text,
      email text,
      dept_id integer REFERENCES place(dept_id),
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff', 'admin')),
      failed_logins smallint NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Tokens are random; only their SHA-256 is stored, with idle and absolute expiry.
    CREATE TABLE user_session (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES app_user(user_id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX user_session_user_idx ON user_session (user_id);

    CREATE TABLE sms_code (
      id serial PRIMARY KEY,
      phone text NOT NULL,
      code text NOT NULL,
      uuid text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sms_code_phone_idx ON sms_code (phone, created_at DESC);

    CREATE TABLE sms_outbox (
      id serial PRIMARY KEY,
      phone text NOT NULL,
      content text NOT NULL,
      provider text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Replay guard for the form-encoded call style: a random value is accepted once per window.
    CREATE TABLE used_nonce (
      nonce text PRIMARY KEY,
      seen_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE article_category (
      number text PRIMARY KEY,
      name text NOT NULL,
      key text UNIQUE,
      parent_number text,
      order_num integer NOT NULL DEFAULT 0
    );

    -- Every article-shaped item: news, carousel, policies, guides, land consultations, downloads, notices, rules…
    CREATE TABLE article (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      number text NOT NULL REFERENCES article_category(number),
      title text NOT NULL,
      remark text NOT NULL DEFAULT '',
      keyword text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      cover_img text NOT NULL DEFAULT '',
      attachment_url text,
      watch_cts integer NOT NULL DEFAULT 0,
      logintime timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX article_list_idx ON article (number, dept_id, logintime DESC, id DESC);

    CREATE TABLE dict_data (
      dict_type text NOT NULL,
      dict_value text NOT NULL,
      dict_label text NOT NULL,
      dict_sort integer NOT NULL DEFAULT 0,
      PRIMARY KEY (dict_type, dict_value)
    );

    -- Trading-project categories per project type (1 tender, 2 transfer, 3 demand).
    CREATE TABLE project_category (
      number text PRIMARY KEY,
      type smallint NOT NULL CHECK (type IN (1, 2, 3)),
      classname text NOT NULL,
      dict_sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE project (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      type smallint NOT NULL CHECK (type IN (1, 2, 3)),
      number text NOT NULL REFERENCES project_category(number),
      status smallint NOT NULL CHECK (status BETWEEN 2 AND 11),
      project_name text NOT NULL,
      keys text NOT NULL DEFAULT '',
      address text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      price numeric(16, 2) NOT NULL,
      price_unit smallint NOT NULL DEFAULT 3 CHECK (price_unit BETWEEN 1 AND 5),
      deal_amount numeric(16, 2),
      current_price numeric(16, 2),
      increment numeric(16, 2) NOT NULL DEFAULT 100,
      reserve_price numeric(16, 2),
      deposit numeric(16, 2) NOT NULL DEFAULT 0,
      extend_minutes smallint NOT NULL DEFAULT 5,
      area numeric(14, 2),
      area_unit smallint NOT NULL DEFAULT 1 CHECK (area_unit BETWEEN 1 AND 18),
      scale text NOT NULL DEFAULT '',
      term_years smallint,
      outname text NOT NULL DEFAULT '',
      needname text NOT NULL DEFAULT '',
      company text NOT NULL DEFAULT '',
      img_list jsonb NOT NULL DEFAULT '[]'::jsonb,
      watch_cts integer NOT NULL DEFAULT 0,
      sign_cts integer NOT NULL DEFAULT 0,
      publicity_stop_time timestamptz,
      apply_start_time timestamptz,
      apply_stop_time timestamptz,
      bidding_start_time timestamptz,
      bidding_stop_time timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX project_list_idx ON project (type, dept_id, status, id DESC);
    CREATE INDEX project_number_idx ON project (number, dept_id, id DESC);

    CREATE TABLE registration (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES project(id),
      user_id integer NOT NULL REFERENCES app_user(user_id),
      -- 1 approved, 2 awaiting review, 3 rejected (0, "not registered", is the absence of a row)
      state smallint NOT NULL DEFAULT 2 CHECK (state IN (1, 2, 3)),
      bidder_code text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES app_user(user_id),
      UNIQUE (project_id, user_id)
    );

    CREATE TABLE bid (
      id bigserial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES project(id),
      user_id integer NOT NULL REFERENCES app_user(user_id),
      amount numeric(16, 2) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX bid_project_idx ON bid (project_id, id DESC);

    CREATE TABLE financing (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      cid text NOT NULL,
      address text NOT NULL,
      dyname text NOT NULL,
      type text NOT NULL,
      amount numeric(16, 2) NOT NULL,
      registertime timestamptz NOT NULL
    );
    CREATE INDEX financing_dept_idx ON financing (dept_id, registertime DESC);

    -- Intents to transfer property out (type 1) or in (type 2).
    CREATE TABLE intent (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      type smallint NOT NULL CHECK (type IN (1, 2)),
      projectname text NOT NULL,
      area_name text NOT NULL DEFAULT '',
      contact text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      user_id integer REFERENCES app_user(user_id),
      logintime timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX intent_list_idx ON intent (type, dept_id, logintime DESC);

    -- Investment / asset-attraction projects.
    CREATE TABLE invest_project (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      title text NOT NULL,
      address text NOT NULL DEFAULT '',
      estimated numeric(16, 2) NOT NULL DEFAULT 0,
      invest_type text NOT NULL DEFAULT '',
      keys text NOT NULL DEFAULT '',
      number text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      contact text NOT NULL DEFAULT '',
      img_list jsonb NOT NULL DEFAULT '[]'::jsonb,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invest_project_dept_idx ON invest_project (dept_id, create_time DESC);

    CREATE TABLE land_info (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      title text NOT NULL,
      content text NOT NULL DEFAULT '',
      imgs jsonb NOT NULL DEFAULT '[]'::jsonb,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX land_info_dept_idx ON land_info (dept_id, create_time DESC);

    CREATE TABLE deal_announcement (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      project_id integer REFERENCES project(id),
      number text NOT NULL DEFAULT '004',
      project_name text NOT NULL,
      project_address text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      dealtime timestamptz NOT NULL
    );
    CREATE INDEX deal_announcement_dept_idx ON deal_announcement (dept_id, dealtime DESC);

    CREATE TABLE help_item (
      id serial PRIMARY KEY,
      classname text NOT NULL,
      title text NOT NULL,
      content text NOT NULL DEFAULT '',
      order_num integer NOT NULL DEFAULT 0
    );

    CREATE TABLE message (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user(user_id) ON DELETE CASCADE,
      ref_id text NOT NULL DEFAULT '',
      title text NOT NULL,
      content text NOT NULL DEFAULT '',
      read_at timestamptz,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX message_user_idx ON message (user_id, create_time DESC);

    CREATE TABLE feedback (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user(user_id) ON DELETE CASCADE,
      dept_id integer REFERENCES place(dept_id),
      type text NOT NULL DEFAULT '咨询',
      title text NOT NULL DEFAULT '',
      content text NOT NULL,
      contact text NOT NULL DEFAULT '',
      reply text,
      reply_time timestamptz,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_user_idx ON feedback (user_id, create_time DESC);

    CREATE TABLE upload (
      id serial PRIMARY KEY,
      user_id integer REFERENCES app_user(user_id) ON DELETE SET NULL,
      name text NOT NULL,
      stored_path text NOT NULL,
      url text NOT NULL,
      mime text NOT NULL,
      size integer NOT NULL,
      create_time timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP TABLE IF EXISTS upload, feedback, message, help_item, deal_announcement, land_info, invest_project,
      intent, financing, bid, registration, project, project_category, dict_data, article, article_category,
      used_nonce, sms_outbox, sms_code, user_session, app_user, place CASCADE;
  `,
  );
}
