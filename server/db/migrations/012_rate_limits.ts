import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// Hostile visitors:
// - rate_limit: request counters of the rate limits (per address, phone, account), in the database so every
//   instance and a restarted one see the same counts. One row per limit name and key, a fixed window ending at
//   reset_at; a hit is one INSERT … ON CONFLICT DO UPDATE, atomic on PGlite and PostgreSQL alike.
// - sms_code.wrong_guesses: wrong guesses of a code, counted by the same statement that judges a guess, so parallel
//   guesses cannot get past the limit (they were counted in one process's memory).
// - used_nonce.expires_at: a nonce is kept until its own timestamp's window has closed (its timestamp may lie up to
//   a window in the future), not a window after it was seen.
// - app_user.failed_logins / locked_until go: wrong passwords are counted in rate_limit per phone and address, alike
//   for registered and unknown phones, so the answer no longer tells whether a phone has an account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE rate_limit (
      name text NOT NULL,
      key text NOT NULL,
      count integer NOT NULL,
      reset_at timestamptz NOT NULL,
      PRIMARY KEY (name, key)
    );
    CREATE INDEX rate_limit_reset_idx ON rate_limit (reset_at);
    ALTER TABLE sms_code ADD COLUMN wrong_guesses integer NOT NULL DEFAULT 0;
    ALTER TABLE used_nonce ADD COLUMN expires_at timestamptz;
    UPDATE used_nonce SET expires_at = seen_at + interval '10 minutes';
    ALTER TABLE used_nonce ALTER COLUMN expires_at SET NOT NULL;
    CREATE INDEX used_nonce_expires_idx ON used_nonce (expires_at);
    ALTER TABLE app_user DROP COLUMN failed_logins;
    ALTER TABLE app_user DROP COLUMN locked_until;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE app_user ADD COLUMN failed_logins smallint NOT NULL DEFAULT 0;
    ALTER TABLE app_user ADD COLUMN locked_until timestamptz;
    DROP INDEX IF EXISTS used_nonce_expires_idx;
    ALTER TABLE used_nonce DROP COLUMN expires_at;
    ALTER TABLE sms_code DROP COLUMN wrong_guesses;
    DROP TABLE IF EXISTS rate_limit;
  `,
  );
}
