import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuctionHub } from '../auction/hub.js';
import type { ListenFn } from '../db/database.js';
import type { OutageKind } from '../db/outage.js';
import { poolStats } from '../db/pool-stats.js';
import { processMetrics } from './process-metrics.js';

/** When the last good backup finished (a Date or ms epoch), or nothing yet; may be async. */
export type BackupStatusSource = () => Date | number | null | undefined | Promise<Date | number | null | undefined>;

/** One pass of the status scheduler: how late it ran after the change it was due for (null: none was due), and whether it failed. */
export interface SchedulerPass {
  lagMs: number | null;
  failed: boolean;
}

/** Where the live figures are read at each scrape. */
export interface MetricsSources {
  hub: Pick<AuctionHub, 'counts' | 'stats' | 'listening'>;
  /** The request database: its pool's figures when it has one (PostgreSQL; PGlite has no pool). */
  db: object;
}

/** Seconds: from a cached list (~1 ms) to a statement near its timeout. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a pass is due to within the scheduler's shortest sleep (0.25 s); minutes mean an outage. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];

/**
 * This app's figures, in a registry of its own (tests build many apps in one process; prom-client's global registry
 * would refuse the second). Counters move as things happen; the live ones (sockets, pool, LISTEN, backup age) are
 * read when scraped. Labels are bounded: route names from schemas/api or URL patterns, status classes, rule names.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly bidsAccepted: Counter;
  readonly bidsReplayed: Counter;
  readonly bidsRefused: Counter<'rule'>;
  readonly databaseOutages: Counter<'kind'>;
  readonly listenReconnects: Counter;
  readonly listenLosses: Counter;
  readonly schedulerLag: Histogram;
  readonly schedulerPasses: Counter<'result'>;
  readonly schedulerLastPass: Gauge;
  private backupSource?: BackupStatusSource;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    const labels = ['method', 'route', 'status_class'] as const;
    this.httpRequests = new Counter({
      name: 'tianmu_http_requests_total',
      help: 'HTTP requests answered, by route and status class',
      labelNames: labels,
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'tianmu_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route and status class',
      labelNames: labels,
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.bidsAccepted = new Counter({ name: 'tianmu_bids_accepted_total', help: 'Bid calls answered with a new accepted bid', registers });
    this.bidsReplayed = new Counter({
      name: 'tianmu_bids_replayed_total',
      help: 'Bid calls that sent an already used bid key again, answered with its first answer (no new bid)',
      registers,
    });
    this.bidsRefused = new Counter({
      name: 'tianmu_bids_refused_total',
      help: 'Bid calls refused, by the rule that refused them',
      labelNames: ['rule'],
      registers,
    });
    this.databaseOutages = new Counter({
      name: 'tianmu_database_outages_total',
      help: 'Requests answered 503 because the database could not answer (unavailable, timeout, busy, full)',
      labelNames: ['kind'],
      registers,
    });
    this.listenReconnects = new Counter({ name: 'tianmu_listen_reconnects_total', help: 'Times the LISTEN connection came back after being lost', registers });
    this.listenLosses = new Counter({ name: 'tianmu_listen_losses_total', help: 'Times the LISTEN connection was lost', registers });
    this.schedulerLag = new Histogram({
      name: 'tianmu_scheduler_lag_seconds',
      help: 'How late the status scheduler ran a due change (after the time it planned to wake for)',
      buckets: LAG_BUCKETS,
      registers,
    });
    this.schedulerPasses = new Counter({
      name: 'tianmu_scheduler_passes_total',
      help: 'Status scheduler passes, by result',
      labelNames: ['result'],
      registers,
    });
    this.schedulerLastPass = new Gauge({
      name: 'tianmu_scheduler_last_pass_timestamp_seconds',
      help: 'When the status scheduler last finished a pass (Unix time)',
      registers,
    });
    this.liveFigures(sources);
  }

  /** Figures read at each scrape from the hub, the pool and the backup source. */
  private liveFigures({ hub, db }: MetricsSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'tianmu_realtime_sockets',
      help: 'Open real-time sockets (live viewers) on this instance',
      registers,
      collect() {
        this.set(hub.counts().sockets);
      },
    });
    new Counter({
      name: 'tianmu_realtime_frames_total',
      help: "Frames broadcast to a project's viewers (each framed once for all its sockets)",
      registers,
      collect() {
        this.reset();
        this.inc(hub.stats.frames);
      },
    });
    new Counter({
      name: 'tianmu_realtime_socket_writes_total',
      help: 'Writes of broadcast frames to sockets (one per socket per flush)',
      registers,
      collect() {
        this.reset();
        this.inc(hub.stats.socketWrites);
      },
    });
    new Gauge({
      name: 'tianmu_listen_up',
      help: '1 while the LISTEN connection (bids and notices of every instance) is up',
      registers,
      collect() {
        this.set(hub.listening ? 1 : 0);
      },
    });
    // PGlite is one session in this process: nothing waits for a connection, so there is no pool to show.
    if (poolStats(db)) {
      const pool = (name: string, help: string, read: (s: NonNullable<ReturnType<typeof poolStats>>) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            const stats = poolStats(db);
            if (stats) this.set(read(stats));
          },
        });
      pool('tianmu_db_pool_waiting', 'Queries waiting for a free database connection (a full pool)', (s) => s.waiting);
      pool('tianmu_db_pool_connections', 'Open database connections in the pool', (s) => s.total);
      pool('tianmu_db_pool_idle', 'Idle database connections in the pool', (s) => s.idle);
      pool('tianmu_db_pool_max', "The pool's largest number of connections", (s) => s.max);
    }
    const backup = () => this.backupSource;
    new Gauge({
      name: 'tianmu_backup_age_seconds',
      help: 'Seconds since the last good backup (NaN: none known yet)',
      registers,
      async collect() {
        this.set(await backupAge(backup()));
      },
    });
  }

  /** Where backup age comes from (the backups' status, wired by the app once it has one). */
  setBackupStatusSource(source: BackupStatusSource | undefined): void {
    this.backupSource = source;
  }

  /** One answered HTTP request: `route` is a route name or URL pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, elapsedMs: number): void {
    const labels = { method, route, status_class: `${Math.floor(statusCode / 100)}xx` };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, elapsedMs / 1000);
  }

  observeOutage(kind: OutageKind): void {
    this.databaseOutages.inc({ kind });
  }

  /** Feeds a scheduler pass (StatusScheduler's `onPass`). */
  observeSchedulerPass(pass: SchedulerPass): void {
    this.schedulerPasses.inc({ result: pass.failed ? 'failed' : 'ok' });
    if (pass.failed) return;
    this.schedulerLastPass.set(Date.now() / 1000);
    if (pass.lagMs !== null) this.schedulerLag.observe(pass.lagMs / 1000);
  }

  /** The LISTEN capability, counting its losses and reconnects on the way to the hub. */
  countingListen(listen: ListenFn): ListenFn {
    return (channel, handler, options = {}) =>
      listen(channel, handler, {
        ...options,
        onLost: () => {
          this.listenLosses.inc();
          options.onLost?.();
        },
        onReconnect: () => {
          this.listenReconnects.inc();
          options.onReconnect?.();
        },
      });
  }

  /** The exposition text: this process's figures, then this app's. */
  async text(): Promise<string> {
    return (await processMetrics().metrics()) + (await this.registry.metrics());
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Seconds since the source's last good backup; NaN with no source, no backup yet, or a source that failed. */
async function backupAge(source: BackupStatusSource | undefined): Promise<number> {
  if (!source) return NaN;
  try {
    const at = await source();
    if (at === null || at === undefined) return NaN;
    const ms = typeof at === 'number' ? at : at.getTime();
    return Number.isFinite(ms) ? Math.max(0, (Date.now() - ms) / 1000) : NaN;
  } catch {
    return NaN;
  }
}
