import { sql, type Kysely } from 'kysely';
import { statusAt, type ProjectTimeline } from '../../machines/project-status.js';
import type { Database } from '../db/schema.js';
import { closeAuction, type CloseOutcome } from './close.js';
import { dbNow } from './transaction.js';
import { notifyRefresh } from './hub.js';
import { databaseOutage } from '../db/outage.js';

export interface SchedulerLog {
  info(message: string): void;
  error(error: unknown): void;
}

export interface SchedulerOptions {
  /** Longest sleep even when nothing is due (default 30 s): a safety net for changes made behind our back. */
  safetyMs?: number;
  /** Shortest sleep between passes (default 250 ms): a run of boundaries a few ms apart is one pass. */
  minSleepMs?: number;
  /** Rows read per query while applying due changes. */
  batch?: number;
  log?: SchedulerLog;
  /** After each pass: how late it ran after the change it was due for (null: none was due), or that it failed (metrics). */
  onPass?: (pass: { lagMs: number | null; failed: boolean }) => void;
  /**
   * Upkeep run after a successful pass once `everyMs` has gone by since the last (the first pass runs it): deleting
   * records past their retention. Its failure is logged and tried again next time; it never stops the scheduler.
   */
  housekeeping?: { everyMs: number; run: () => Promise<unknown> };
}

export interface TickResult {
  /** Projects whose status the clock moved. */
  moved: Array<{ projectId: number; from: number; to: number }>;
  /** Auctions decided in this pass. */
  closed: CloseOutcome[];
  /** The earliest future time a status changes (database clock, ms), or null when nothing is scheduled. */
  nextChangeAt: number | null;
  /** How long after the change the previous pass expected this one ran (ms), or null when that change was not due yet. */
  lagMs: number | null;
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

/** How soon a pass is tried again after the database failed to answer. */
const OUTAGE_RETRY_MS = 1000;

/**
 * Moves projects through their statuses by time with the shared machine (`statusAt`) and closes auctions whose
 * end has passed. Wakes at the earliest next change (and at least every 30 s). Every change is a conditional
 * update and closing is idempotent, so any number of server instances may run one.
 */
export class StatusScheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private readonly safetyMs: number;
  private readonly minSleepMs: number;
  private readonly batch: number;
  /** When the current database outage began (ms), null while the database answers. */
  private outageSince: number | null = null;
  /** The change the last finished pass expected next (database clock, ms): the next pass's lateness is measured from it. */
  private dueAt: number | null = null;
  /** When the housekeeping last ran (this process's clock, ms). */
  private housekeptAt = -Infinity;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SchedulerOptions = {},
  ) {
    this.safetyMs = options.safetyMs ?? 30_000;
    this.minSleepMs = options.minSleepMs ?? 250;
    this.batch = options.batch ?? 500;
  }

  /** Runs a pass now and keeps waking until {@link stop}. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops waking and waits for a pass in progress; no timer is left behind. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Wakes early (e.g. after something changed the timeline); the usual wake-up is kept otherwise. */
  poke(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pass().finally(() => {
        this.running = undefined;
      });
    }, delay);
  }

  private async pass(): Promise<void> {
    let delay = this.safetyMs;
    try {
      const result = await this.tick();
      for (const c of result.closed)
        this.options.log?.info(`竞价结束：项目 ${c.projectId} 状态 ${c.status}${c.dealAmount === null ? '' : `，成交价 ${c.dealAmount}`}`);
      if (result.nextChangeAt !== null) {
        const now = (await dbNow(this.db)).getTime();
        delay = Math.min(this.safetyMs, Math.max(this.minSleepMs, result.nextChangeAt - now));
      }
      if (this.outageSince !== null) {
        this.options.log?.info(`数据库已恢复，状态调度继续（中断约 ${Math.round((Date.now() - this.outageSince) / 1000)} 秒）`);
        this.outageSince = null;
      }
      this.options.onPass?.({ lagMs: result.lagMs, failed: false });
      await this.housekeep();
    } catch (error) {
      this.options.onPass?.({ lagMs: null, failed: true });
      if (databaseOutage(error)) {
        // One line per outage, and soon again rather than at the safety interval: auctions ending meanwhile are
        // decided as soon as the database is back.
        if (this.outageSince === null) this.options.log?.error(`数据库暂时不可用，状态调度将每 ${OUTAGE_RETRY_MS / 1000} 秒重试：${(error as Error).message}`);
        this.outageSince ??= Date.now();
        delay = Math.min(this.safetyMs, OUTAGE_RETRY_MS);
      } else this.options.log?.error(error);
    }
    this.schedule(delay);
  }

  private async housekeep(): Promise<void> {
    const job = this.options.housekeeping;
    if (!job || Date.now() - this.housekeptAt < job.everyMs) return;
    this.housekeptAt = Date.now();
    await job.run().catch((error: unknown) => this.options.log?.error(error));
  }

  /** One pass: applies every change that is due by the database clock and finds the next one. */
  async tick(): Promise<TickResult> {
    const now = await dbNow(this.db);
    const t = now.getTime();
    const result: TickResult = { moved: [], closed: [], nextChangeAt: null, lagMs: this.dueAt !== null && t >= this.dueAt ? t - this.dueAt : null };
    let lastId = 0;
    for (;;) {
      // Candidates only: a time of theirs has passed. statusAt decides what (if anything) changes.
      const rows = await this.db
        .selectFrom('project')
        .select(['id', 'type', 'status', 'publicityStopTime', 'applyStartTime', 'applyStopTime', 'biddingStartTime', 'biddingStopTime'])
        .where('status', '<', 7)
        .where('id', '>', lastId)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 2), eb('publicityStopTime', '<=', now)]),
            eb.and([eb('status', '<=', 3), eb('applyStartTime', '<=', now)]),
            eb.and([eb('status', '<=', 4), eb('applyStopTime', '<=', now)]),
            eb.and([eb('type', '<>', 1), eb('status', '<=', 5), eb('biddingStartTime', '<=', now)]),
            eb.and([eb('type', '<>', 1), eb('status', '<=', 6), eb('biddingStopTime', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(this.batch)
        .execute();
      for (const row of rows) {
        const timeline: ProjectTimeline = {
          type: row.type as 1 | 2 | 3,
          status: row.status,
          publicityStopTime: ms(row.publicityStopTime),
          applyStartTime: ms(row.applyStartTime),
          applyStopTime: ms(row.applyStopTime),
          biddingStartTime: ms(row.biddingStartTime),
          biddingStopTime: ms(row.biddingStopTime),
        };
        const next = statusAt(timeline, t);
        if (next.status > row.status) {
          const moved = await this.db.transaction().execute(async (trx) => {
            const updated = await trx
              .updateTable('project')
              .set({ status: next.status, updatedAt: now })
              .where('id', '=', row.id)
              .where('status', '=', row.status)
              .executeTakeFirst();
            if (!Number(updated.numUpdatedRows)) return false;
            await notifyRefresh(trx, row.id);
            return true;
          });
          if (moved) result.moved.push({ projectId: row.id, from: row.status, to: next.status });
        }
        if (next.biddingEnded) {
          const closed = await closeAuction(this.db, row.id);
          if (closed) result.closed.push(closed);
        }
      }
      if (rows.length < this.batch) break;
      lastId = rows[rows.length - 1].id;
    }

    // The machine's next change (readClock): a boundary above the status, or the bidding end once in 6. A test holds
    // this query and the candidates above to statusAt over random timelines (auction-scheduler.test.ts).
    const { rows } = await sql<{ next: Date | string | null }>`
      SELECT least(
        min(publicity_stop_time) FILTER (WHERE status = 2 AND publicity_stop_time > ${now}),
        min(apply_start_time) FILTER (WHERE status <= 3 AND apply_start_time > ${now}),
        min(apply_stop_time) FILTER (WHERE status <= 4 AND apply_stop_time > ${now}),
        min(bidding_start_time) FILTER (WHERE type <> 1 AND status <= 5 AND bidding_start_time > ${now}),
        min(bidding_stop_time) FILTER (WHERE type <> 1 AND status = 6 AND bidding_stop_time > ${now})
      ) AS next
      FROM project WHERE status < 7`.execute(this.db);
    const next = rows[0]?.next;
    result.nextChangeAt = next === null || next === undefined ? null : new Date(next).getTime();
    this.dueAt = result.nextChangeAt;
    return result;
  }
}
