import path from 'node:path';
import { trustProxyFrom, type TrustProxy } from './trust-proxy.js';

/** At most `max` requests per `windowSeconds` (a fixed window, counted in the database). */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The rate limits. Per address (`…PerIp`), per phone and per account; over a limit the answer is 429
 * 请求过于频繁，请稍后再试 with Retry-After. Each can be set with RATE_LIMIT_<NAME>=max/seconds, e.g.
 * RATE_LIMIT_LOGIN_PER_IP=10/60.
 */
export interface RateLimits {
  /** Login attempts from one address. */
  loginPerIp: RateLimitRule;
  /** Wrong passwords for one phone from one address, registered or not; then that address is locked out of it. */
  loginFailuresPerPhoneIp: RateLimitRule;
  /** Wrong passwords for one phone from all addresses together (a guesser with many addresses). */
  loginFailuresPerPhone: RateLimitRule;
  /** SMS codes sent at the request of one address, whatever the phones (one phone: 60 s apart and smsDailyCap a day). */
  smsSendPerIp: RateLimitRule;
  /** SMS codes checked (register, password reset) from one address. */
  codeCheckPerIp: RateLimitRule;
  /** SMS codes checked for one phone, from all addresses (each code also dies after 5 wrong guesses). */
  codeCheckPerPhone: RateLimitRule;
  uploadPerIp: RateLimitRule;
  uploadPerUser: RateLimitRule;
  /** Spreadsheet imports (dry runs included) by one staff account: each reads a whole file. */
  importPerUser: RateLimitRule;
  /** Intents, complaints, consultations, property registrations, auction registrations and feedback together. */
  submitPerIp: RateLimitRule;
  submitPerUser: RateLimitRule;
  /** Password changes by a logged-in account (each one checks the old password: a stolen session must not guess it). */
  passwordChangePerUser: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = Object.freeze({
  loginPerIp: { max: 10, windowSeconds: 60 },
  loginFailuresPerPhoneIp: { max: 5, windowSeconds: 15 * 60 },
  loginFailuresPerPhone: { max: 30, windowSeconds: 60 * 60 },
  smsSendPerIp: { max: 10, windowSeconds: 60 * 60 },
  codeCheckPerIp: { max: 20, windowSeconds: 10 * 60 },
  codeCheckPerPhone: { max: 10, windowSeconds: 10 * 60 },
  // A form takes up to 20 photos.
  uploadPerIp: { max: 100, windowSeconds: 10 * 60 },
  uploadPerUser: { max: 40, windowSeconds: 10 * 60 },
  importPerUser: { max: 30, windowSeconds: 10 * 60 },
  // A village office may hand in several people's forms from one address.
  submitPerIp: { max: 30, windowSeconds: 60 * 60 },
  submitPerUser: { max: 20, windowSeconds: 60 * 60 },
  passwordChangePerUser: { max: 5, windowSeconds: 15 * 60 },
});

/** RATE_LIMIT_LOGIN_PER_IP=10/60 and so on; a malformed value keeps the default. */
function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  const limits = {} as RateLimits;
  for (const [name, rule] of Object.entries(DEFAULT_RATE_LIMITS) as Array<[keyof RateLimits, RateLimitRule]>) {
    const value = env[`RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
    const match = value?.match(/^\s*(\d+)\s*\/\s*(\d+)\s*$/);
    limits[name] = match && Number(match[2]) > 0 ? { max: Number(match[1]), windowSeconds: Number(match[2]) } : { ...rule };
  }
  return limits;
}

/**
 * Watch frames one real-time socket may send per window (WS_WATCH_LIMIT=max/seconds, default 40/10): each reads an
 * auction's state from the database. A page watches up to 20 projects and watches them all again on reconnecting, so
 * the default lets two such bursts through. `0`: no limit; malformed keeps the default.
 */
export const DEFAULT_WS_WATCH_LIMIT: Readonly<RateLimitRule> = Object.freeze({ max: 40, windowSeconds: 10 });

function watchLimitFrom(value: string | undefined): RateLimitRule | undefined {
  if (value?.trim() === '0') return undefined;
  const match = value?.match(/^\s*(\d+)\s*\/\s*(\d+)\s*$/);
  return match && Number(match[1]) > 0 && Number(match[2]) > 0 ? { max: Number(match[1]), windowSeconds: Number(match[2]) } : { ...DEFAULT_WS_WATCH_LIMIT };
}

/** The demo's published sign key and form secret: a production start refuses them. */
export const DEMO_SIGN_KEY = 'tianmu-demo-sign-key';
export const DEMO_FORM_SECRET = 'tianmu-demo-form-secret';

/** Server settings, read once from the environment. Every field has a working default for the demo. */
export interface ServerConfig {
  /**
   * NODE_ENV=production: never seeds the demo, refuses the demo's secrets and accounts, sends HSTS over TLS, serves no
   * preview of other regions (server/runtime/production.ts).
   */
  production: boolean;
  host: string;
  port: number;
  /** Folder for the PGlite database and this instance's picture variants (and, before, uploaded files). */
  dataDir: string;
  /** When set, PostgreSQL at this URL replaces the embedded PGlite database. */
  databaseUrl?: string;
  /** Prefix every API route is mounted under (the spec's "base prefix"). */
  apiPrefix: string;
  /** The prefix the browser calls the API under (API_BASE) when a proxy in front maps another one than apiPrefix. */
  apiBase?: string;
  /** Key mixed into the `sign` header of `/api/` calls; shipped to the client on purpose. */
  apiSignKey: string;
  /** Secret of the form-encoded `api/index/{name}` call style. */
  formSecret: string;
  /** Image server base URLs the backend writes, each to its proxy prefix, for the browser (IMAGE_REWRITES). */
  imageRewrites: string;
  /** Allowed distance between a request's timestamp and server time. */
  signWindowMs: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  uploadMaxBytes: number;
  /** Largest spreadsheet (.xlsx or .csv) the console's import takes (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
  /** Largest document (PDF, Word, Excel, ZIP) an article's or project's 附件 takes (ATTACHMENT_MAX_BYTES). */
  attachmentMaxBytes: number;
  smsProvider: string;
  smsDailyCap: number;
  /** Serve the built client from dist/client when present. */
  serveClient: boolean;
  logLevel: string;
  /** LOG_FORMAT as set: `pretty`, `json`, or empty (readable lines when standard output is a terminal; log-format.ts). */
  logFormat: string;
  /** How long a public project-list response may be reused (ms); 0 disables the cache. */
  listCacheMs: number;
  /** How long an area or keyword filter's estimated total (约 N 条) is reused (ms); 0 samples on every request. */
  listEstimateMs: number;
  /** Folder of the region YAML files and deployment.yaml. */
  regionsDir: string;
  rateLimits: RateLimits;
  /** Watch frames per real-time socket and window (WS_WATCH_LIMIT); undefined: no limit. */
  wsWatchLimit?: RateLimitRule;
  /**
   * Fastify's trustProxy: set it (TRUST_PROXY=1 for one proxy hop, or the proxy's addresses and ranges) when a reverse
   * proxy stands in front, so the per-address limits count the visitor's address from X-Forwarded-For rather than
   * the proxy's (server/runtime/trust-proxy.ts).
   */
  trustProxy: TrustProxy;
  /**
   * Live preview of one region (npm run preview): the default region of every page, the regions folder watched and
   * each change pushed to open pages. Never read from the environment: only scripts/preview.ts turns it on.
   */
  previewRegion?: string;
  /** The page studio beside the live preview (npm run studio); like previewRegion, only a script turns it on. */
  studio?: boolean;
  /** STUDIO_TOKEN: the studio answers whoever sends it (a staging host); unset, it answers this machine only. */
  studioToken?: string;
  /** PostgreSQL: the longest a statement may run (DB_STATEMENT_TIMEOUT_MS); past it the request answers 503. 0: none. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: the longest wait for a database connection (DB_CONNECT_TIMEOUT_MS). 0: none. */
  dbConnectTimeoutMs: number;
  /**
   * Mean event-loop delay (ms) past which requests are shed with 503 (MAX_EVENT_LOOP_DELAY_MS). 0: never. Unset:
   * 1000 on PostgreSQL, off on PGlite (whose statements run on the event loop).
   */
  maxEventLoopDelayMs?: number;
  /** On SIGTERM/SIGINT, how long in-flight requests and sockets may take to finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Addresses and CIDR ranges that may read /metrics (METRICS_ALLOW); empty: only with the token. */
  metricsAllow: string[];
  /** A bearer token that opens /metrics from any address (METRICS_TOKEN); unset: addresses only. */
  metricsToken?: string;
  /** Folder of the backup archives (BACKUP_DIR; default DATA_DIR/backups): the scheduled ones and npm run backup's. */
  backupDir: string;
  /** Period of the server's scheduled backups in ms (BACKUP_EVERY: 6h, 30m, 1d); undefined: none. */
  backupEveryMs?: number;
  /** How many scheduled archives BACKUP_DIR keeps (BACKUP_KEEP, at least 1); older ones are deleted. */
  backupKeep: number;
  /** Days a closed auction's bid keys are kept after its end (BID_KEY_KEEP_DAYS); 0: for ever. */
  bidKeyKeepDays: number;
  /** Days of backup attempts' history kept (BACKUP_RUN_KEEP_DAYS); 0: for ever. The newest ones still read stay. */
  backupRunKeepDays: number;
}

/** Who may read /metrics when METRICS_ALLOW is unset: this machine only. */
export const DEFAULT_METRICS_ALLOW: readonly string[] = ['127.0.0.1', '::1'];

/** METRICS_ALLOW as a list (commas or spaces between entries); unset keeps the default, empty allows no address. */
function addressList(value: string | undefined, fallback: readonly string[]): string[] {
  return value === undefined ? [...fallback] : value.split(/[\s,]+/).filter(Boolean);
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** A number of days, 0 (for ever) to 36 500; anything else keeps the default. */
function days(value: string | undefined, fallback: number): number {
  const n = int(value, fallback);
  return Number.isInteger(n) && n >= 0 && n <= 36_500 ? n : fallback;
}

/** Parses BACKUP_EVERY: `6h`, `30m`, `1d`, `45s` or plain seconds; undefined (off) when unset, 0 or malformed. */
export function parseEvery(value: string | undefined): number | undefined {
  const match = value?.trim().match(/^(\d+)\s*(s|m|h|d)?$/i);
  if (!match) return undefined;
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(match[2] ?? 's').toLowerCase() as 's' | 'm' | 'h' | 'd'];
  const ms = Number(match[1]) * unit;
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    production: env.NODE_ENV === 'production',
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiPrefix: env.API_PREFIX || '/prod-api',
    apiBase: env.API_BASE || undefined,
    apiSignKey: env.API_SIGN_KEY || DEMO_SIGN_KEY,
    formSecret: env.API_FORM_SECRET || DEMO_FORM_SECRET,
    imageRewrites: env.IMAGE_REWRITES ?? '',
    signWindowMs: int(env.SIGN_WINDOW_SECONDS, 300) * 1000,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24 * 7),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 2 * 1024 * 1024),
    importMaxBytes: int(env.IMPORT_MAX_BYTES, 20 * 1024 * 1024),
    attachmentMaxBytes: int(env.ATTACHMENT_MAX_BYTES, 20 * 1024 * 1024),
    smsProvider: env.SMS_PROVIDER || 'log',
    smsDailyCap: int(env.SMS_DAILY_CAP, 10),
    serveClient: env.SERVE_CLIENT !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: env.LOG_FORMAT ?? '',
    listCacheMs: int(env.LIST_CACHE_MS, 2000),
    listEstimateMs: int(env.LIST_ESTIMATE_MS, 10_000),
    regionsDir: path.resolve(env.REGIONS_DIR || './regions'),
    rateLimits: rateLimitsFrom(env),
    wsWatchLimit: watchLimitFrom(env.WS_WATCH_LIMIT),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 5000),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 5000),
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ? int(env.MAX_EVENT_LOOP_DELAY_MS, 1000) : undefined,
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 10_000),
    metricsAllow: addressList(env.METRICS_ALLOW, DEFAULT_METRICS_ALLOW),
    metricsToken: env.METRICS_TOKEN || undefined,
    studioToken: env.STUDIO_TOKEN || undefined,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR || './data', 'backups')),
    backupEveryMs: parseEvery(env.BACKUP_EVERY),
    backupKeep: Math.min(10_000, Math.max(1, Math.trunc(int(env.BACKUP_KEEP, 14)))),
    bidKeyKeepDays: days(env.BID_KEY_KEEP_DAYS, 7),
    backupRunKeepDays: days(env.BACKUP_RUN_KEEP_DAYS, 90),
    ...overrides,
  };
}

/**
 * Where uploaded and demo pictures were kept before they moved into the database (table stored_file): the folder a
 * start imports from (server/pictures/import-folder.ts). Nothing writes there any more.
 */
export function imagesDir(config: ServerConfig): string {
  return path.join(config.dataDir, 'images');
}

/** This instance's cache of AVIF/WebP and `?w=` variants, by content hash (server/pictures/variants.ts); safe to delete. */
export function pictureVariantsDir(config: ServerConfig): string {
  return path.join(config.dataDir, 'picture-variants');
}
