/**
 * npx tsx scripts/bench/auction.ts [--viewers 1000] [--rate 550] [--duration 10] [--bidders 20] [--instances 1] [--keyless]
 *
 * The live-auction broadcast under load. A child process runs the real server (PGlite in memory, or a fresh database on
 * the PostgreSQL server at DATABASE_URL, e.g. `bash scripts/with-postgres.sh npm run bench:auction`; seeded with one
 * place, one project in bidding and approved bidders) on a free port; this process opens the WebSocket viewers on
 * that project, then places bids over HTTP at the given rate for the given time, each bid start price + k ×
 * increment so they arrive in rising order. Every viewer records every auctionBid it gets.
 * --keyless: bids without a key (idempotent bids: the panel sends one with each).
 * --instances N (PostgreSQL only): N server processes on the one database, viewers and bids split across them in
 * turn; each viewer must still get every accepted bid once and in order.
 * Prints bids handled per second, broadcast latency p50/p90/p99/max (bid accepted — the database clock in the bid's
 * statement, which the frame carries as bid.time — to the frame's arrival at the viewer), lost frames (accepted bids
 * a viewer never got), duplicates and out-of-order frames; per instance, where its time went during the bids
 * (CPU, event-loop delay, request and query times, the fan-out's flushes and socket writes), and the whole
 * machine's CPU (the load generator shares the cores). BENCH_CPU_PROF=dir adds a CPU profile of each server over
 * the bid phase, summarised by part of the stack and by top self-time functions. Ends with `RESULT {json}`.
 *
 * The server side (`--serve`, a child process) and the load side are in scripts/bench/auction/.
 */
import { main } from './auction/main.js';
import { args } from './auction/options.js';
import { serve } from './auction/server.js';

if (args.includes('--serve')) await serve();
else await main();
