import path from 'node:path';

/** Server settings, read once from the environment. Every field has a working default for the demo. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the PGlite database and uploaded files. */
  dataDir: string;
  /** When set, PostgreSQL at this URL replaces the embedded PGlite database. */
  databaseUrl?: string;
  /** Prefix every API route is mounted under (the spec's "base prefix"). */
  apiPrefix: string;
  /** Key mixed into the `sign` header of `/api/` calls; shipped to the client on purpose. */
  apiSignKey: string;
  /** Secret of the form-encoded `api/index/{name}` call style. */
  formSecret: string;
  /** Allowed distance between a request's timestamp and server time. */
  signWindowMs: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  uploadMaxBytes: number;
  smsProvider: string;
  smsDailyCap: number;
  /** Serve the built client from dist/client when present. */
  serveClient: boolean;
  logLevel: string;
  /** How long a public project-list response may be reused (ms); 0 disables the cache. */
  listCacheMs: number;
  /** Folder of the region YAML files and deployment.yaml. */
  regionsDir: string;
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiPrefix: env.API_PREFIX || '/prod-api',
    apiSignKey: env.API_SIGN_KEY || 'tianmu-demo-sign-key',
    formSecret: env.API_FORM_SECRET || 'tianmu-demo-form-secret',
    signWindowMs: int(env.SIGN_WINDOW_SECONDS, 300) * 1000,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24 * 7),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 2 * 1024 * 1024),
    smsProvider: env.SMS_PROVIDER || 'log',
    smsDailyCap: int(env.SMS_DAILY_CAP, 10),
    serveClient: env.SERVE_CLIENT !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    listCacheMs: int(env.LIST_CACHE_MS, 2000),
    regionsDir: path.resolve(env.REGIONS_DIR || './regions'),
    ...overrides,
  };
}
