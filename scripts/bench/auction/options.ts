import { numberArg } from '../args.js';

/** The command line, shared by the load generator and the server processes it starts. */
export const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => numberArg(name, fallback, args);
/** The value after `--name`, when the flag is given. */
export const stringArg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
export const VIEWERS = arg('viewers', 1000);
// Offered above the goal (500/s): at exactly 500 the figure (bids answered ÷ the time until the last answer) comes
// out just under 500 even when the server keeps pace.
export const RATE = arg('rate', 550);
export const DURATION = arg('duration', 10);
export const BIDDERS = arg('bidders', 20);
/** Server processes on one database; viewers and bids are split across them in turn (PostgreSQL only). */
export const INSTANCES = arg('instances', 1);
/** Bids carry a key (idempotent bids), as the panel's do; `--keyless` sends them without, as before. */
export const KEYED = !args.includes('--keyless');
export const SIGN_KEY = 'tianmu-demo-sign-key';
export const DEPT_ID = 9100;
export const PRICE = 10_000;
export const INCREMENT = 10;

/** What a server process prints (`READY {json}`) once it listens. */
export interface Ready {
  port: number;
  /** Seeded by the first instance only. */
  projectId: number;
  tokens: string[];
  /** The first instance's database, for further instances (PostgreSQL only). */
  databaseUrl?: string;
}

/** Per-label query times, request times and the hub's counters over the measured window (the bid phase). */
export interface Stats {
  requests: { count: number; totalMs: number; p50: number; p99: number };
  queries: Record<string, { count: number; totalMs: number; p99: number }>;
  hub: { flushes: number; socketWrites: number; flushMs: number; maxFlushMs: number; frames: number };
  eventLoopDelayP99Ms: number;
  cpuMs: number;
  wallMs: number;
  profile?: string;
}
