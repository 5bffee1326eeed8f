import type { Statement } from '../db/prepared.js';
import type { BidRefusal } from './bid-refusal.js';
import { AUCTION_CHANNEL } from './messages.js';

const msOf = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
const MASKED_NAME = `CASE WHEN char_length(btrim(ok.name)) = 0 THEN '***' ELSE left(btrim(ok.name), 1) || repeat('*', greatest(1, char_length(btrim(ok.name)) - 1)) END`;

/**
 * The whole bid as one statement: lock the project row, read the database clock (after the lock, to the ms),
 * check every rule of the shared contract — the first one broken is the `refusal` — and, when none is, insert the
 * bid, move the price and the end, and queue the NOTIFY. Atomic on its own. The rules are a CASE, which (unlike
 * AND) checks in order, so `mod` never meets a zero increment.
 *
 * The bid's key (the form's, one per press; NULL: none) goes into bid_key in this same statement, with the answer,
 * so a bid that committed always has its key. A key already there is `repeated`: nothing is inserted and `prior`
 * is the first answer (NULL when the outcome call closed the key). A key inserted meanwhile by another transaction
 * fails the statement on bid_key_pkey (23505), so it never lands twice.
 * $1 project id, $2 the dept ids the caller may reach (NULL: any), $3 user id, $4 amount, $5 key (uuid text or NULL).
 */
export const BID: Statement = {
  name: 'auction_bid',
  params: ['int', 'int[]', 'int', 'numeric', 'text'],
  namedOnPostgres: true,
  text: `
  WITH p AS MATERIALIZED (
    SELECT id, type, status, price, increment, current_price, extend_minutes, bidding_start_time, bidding_stop_time, bid_count
    FROM project WHERE id = $1 AND ($2::int[] IS NULL OR dept_id = ANY($2::int[])) FOR UPDATE
  ),
  c AS MATERIALIZED (SELECT p.*, date_trunc('milliseconds', clock_timestamp()) AS now FROM p),
  k AS MATERIALIZED (SELECT bk.outcome FROM bid_key bk WHERE bk.project_id = $1 AND bk.user_id = $3 AND bk.key = $5::uuid),
  r AS MATERIALIZED (
    SELECT reg.state, reg.bidder_code, u.name FROM registration reg JOIN app_user u ON u.user_id = reg.user_id
    WHERE reg.project_id = $1 AND reg.user_id = $3
  ),
  v AS MATERIALIZED (
    SELECT c.*, r.bidder_code, r.name, CASE
      WHEN EXISTS (SELECT 1 FROM k) THEN 'repeated'
      WHEN c.type = 1 THEN 'tender'
      WHEN c.status >= 7 OR c.now >= c.bidding_stop_time THEN 'ended'
      WHEN c.status < 5 OR c.bidding_start_time IS NULL OR c.now < c.bidding_start_time THEN 'notStarted'
      WHEN c.bidding_stop_time IS NULL THEN 'noStopTime'
      WHEN r.state IS DISTINCT FROM 1 OR coalesce(r.bidder_code, '') = '' THEN CASE WHEN r.state = 2 THEN 'pending' ELSE 'notQualified' END
      WHEN c.increment <= 0 THEN 'noIncrement'
      WHEN c.current_price IS NULL AND $4::numeric < c.price THEN 'belowStart'
      WHEN c.current_price IS NOT NULL AND $4::numeric < c.current_price + c.increment THEN 'belowNext'
      WHEN mod($4::numeric - c.price, c.increment) <> 0 THEN 'notMultiple'
    END AS refusal
    FROM c LEFT JOIN r ON true
  ),
  ok AS MATERIALIZED (
    SELECT v.id, v.now, v.bidding_stop_time AS old_stop, v.bidder_code, v.name,
      greatest(v.bidding_stop_time, v.now + make_interval(mins => v.extend_minutes)) AS new_stop,
      v.bid_count + 1 AS bid_count
    FROM v WHERE v.refusal IS NULL
  ),
  ins AS (
    INSERT INTO bid (project_id, user_id, amount, bidder_code, created_at)
    SELECT id, $3, $4::numeric, bidder_code, now FROM ok RETURNING id
  ),
  upd AS (
    UPDATE project SET current_price = $4::numeric, bidding_stop_time = ok.new_stop, status = 6, updated_at = ok.now,
      extension_count = project.extension_count + (ok.new_stop > ok.old_stop)::int
    FROM ok WHERE project.id = ok.id RETURNING project.id
  ),
  msg AS MATERIALIZED (
    SELECT json_build_object(
      'type', 'bid', 'projectId', ok.id,
      'bid', json_build_object('id', ins.id, 'amount', $4::numeric, 'bidderCode', ok.bidder_code, 'bidderName', ${MASKED_NAME}, 'time', ${msOf('ok.now')}),
      'currentPrice', $4::numeric, 'bidCount', ok.bid_count, 'biddingStopTime', ${msOf('ok.new_stop')},
      'previousStopTime', CASE WHEN ok.new_stop > ok.old_stop THEN ${msOf('ok.old_stop')} END
    )::text AS payload
    FROM ok JOIN ins ON true JOIN upd ON upd.id = ok.id
  ),
  keyed AS (
    INSERT INTO bid_key (project_id, user_id, key, bid_id, outcome)
    SELECT ok.id, $3, $5::uuid, ins.id, msg.payload FROM ok JOIN ins ON true JOIN msg ON true WHERE $5::uuid IS NOT NULL
  ),
  sent AS MATERIALIZED (SELECT pg_notify('${AUCTION_CHANNEL}', payload) FROM msg)
  SELECT v.refusal, v.price, v.increment, v.current_price AS "currentPrice", msg.payload, (SELECT outcome FROM k) AS prior,
    (SELECT count(*) FROM sent) AS sent
  FROM v LEFT JOIN msg ON true`,
};

export interface BidRow {
  /** `repeated`: the key was there already (see `prior`). */
  refusal: BidRefusal | 'repeated' | null;
  price: string;
  increment: string;
  currentPrice: string | null;
  payload: string | null;
  /** A repeated key's first answer (the payload then); NULL for a key closed without a bid. */
  prior: string | null;
}
