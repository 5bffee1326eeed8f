/**
 * npx tsx scripts/bench/auction.ts [--viewers 1000] [--rate 500] [--duration 10] [--bidders 20]
 *
 * The live-auction broadcast under load. A child process runs the real server (PGlite in memory, or a fresh database on
 * the PostgreSQL server at DATABASE_URL, e.g. `bash scripts/with-postgres.sh npm run bench:auction`; seeded with one
 * place, one project in bidding and approved bidders) on a free port; this process opens the WebSocket viewers on
 * that project, then places bids over HTTP at the given rate for the given time, each bid start price + k ×
 * increment so they arrive in rising order. Every viewer records every auctionBid it gets.
 * Prints broadcast latency p50/p90/p99/max (bid accepted — the database clock in the bid's transaction, which the
 * frame carries as bid.time — to the frame's arrival at the viewer), lost frames (accepted bids a viewer never
 * got), duplicates and out-of-order frames, and the goal check (p99 ≤ 50 ms, lost 0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const VIEWERS = arg('viewers', 1000);
const RATE = arg('rate', 500);
const DURATION = arg('duration', 10);
const BIDDERS = arg('bidders', 20);
const SIGN_KEY = 'tianmu-demo-sign-key';
const DEPT_ID = 9100;
const PRICE = 10_000;
const INCREMENT = 10;

interface Ready {
  port: number;
  projectId: number;
  tokens: string[];
}

// ---- Server side (child process) ---------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { openDatabase, migrateToLatest } = await import('../../server/db/database.js');
  const { buildApp } = await import('../../server/app.js');
  const { loadConfig } = await import('../../server/config.js');
  const { createSession } = await import('../../server/services/sessions.js');
  // DATABASE_URL (e.g. under scripts/with-postgres.sh): a fresh database on that PostgreSQL server, dropped at the end.
  let dropDatabase = async () => undefined as void;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const name = `tianmu_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 16 } : { dataDir: 'memory' });
  const db = handle.db;
  await migrateToLatest(db);
  await db.insertInto('place').values({ deptId: DEPT_ID, deptName: '压测县', deptCode: '910000', parentId: 0, level: 3, ancestors: '0' }).execute();
  const users = await db
    .insertInto('appUser')
    .values(Array.from({ length: BIDDERS }, (_, i) => ({ phone: `1390000${String(i).padStart(4, '0')}`, passwordHash: 'bench', name: `压测用户${i}` })))
    .returning('userId')
    .execute();
  const now = Date.now();
  const project = await db
    .insertInto('project')
    .values({
      deptId: DEPT_ID, type: 2, number: '001', status: 6, projectName: '压测竞价项目', price: PRICE, increment: INCREMENT, extendMinutes: 5,
      applyStartTime: new Date(now - 3 * 86400_000), applyStopTime: new Date(now - 86400_000), biddingStartTime: new Date(now - 3600_000),
      biddingStopTime: new Date(now + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('registration')
    .values(users.map((u, i) => ({ projectId: project.id, userId: u.userId, state: 1, bidderCode: String(i + 1).padStart(3, '0') })))
    .execute();
  const policy = { idleMinutes: 120, absoluteHours: 24 };
  const tokens = await Promise.all(users.map((u) => createSession(db, u.userId, policy)));
  const config = loadConfig({}, { serveClient: false, logLevel: 'warn', dataDir: path.resolve('.tmp/bench-auction'), listCacheMs: 0 });
  const app = await buildApp({ config, db, dbKind: handle.kind, listen: handle.listen, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const ready: Ready = { port: Number(new URL(address).port), projectId: project.id, tokens };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  const shutdown = async () => {
    await app.close();
    await handle.close();
    await dropDatabase();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

// ---- Load side -----------------------------------------------------------------------------------------------

function startServerProcess(): Promise<{ child: ChildProcess; ready: Ready }> {
  const self = fileURLToPath(import.meta.url);
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', self, '--serve', '--bidders', String(BIDDERS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`server process exited ${code}`)));
  });
}

/** A client frame (clients must mask): FIN + text, mask key, masked payload. */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('frame too long for this client');
  const key = crypto.randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  key.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ key[i % 4];
  return out;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const { child, ready } = await startServerProcess();
  const base = `127.0.0.1:${ready.port}`;
  console.log(`服务器已启动（${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite 内存库"}，端口 ${ready.port}，${Date.now() - t0} ms）；项目 ${ready.projectId}，竞买人 ${BIDDERS}`);

  const maxBids = RATE * DURATION + 10;
  // Per viewer: which bid offsets arrived (0 none, 1 once, more duplicates) and the last one, for order.
  const seen = Array.from({ length: VIEWERS }, () => new Uint8Array(maxBids));
  const lastSeen = new Int32Array(VIEWERS).fill(-1);
  const latencies = new Float64Array(VIEWERS * maxBids);
  let latencyCount = 0;
  let outOfOrder = 0;
  let firstBidId = -1;

  // Viewers are minimal WebSocket clients on raw TCP (handshake, then frame parsing on the bytes): 5 million
  // frames in 10 s must be read on the same two cores the server uses, and a full client library per frame
  // (events, strings, JSON) would measure the client instead of the broadcast.
  const sockets: net.Socket[] = [];
  const BID_PREFIX = Buffer.from('{"type":"auctionBid"');
  const STATE_PREFIX = Buffer.from('{"type":"auctionState"');
  const ID_KEY = Buffer.from('"bid":{"id":');
  const TIME_KEY = Buffer.from('"time":');
  const readInt = (buf: Buffer, at: number): number => {
    let n = 0;
    for (let i = at; i < buf.length; i++) {
      const c = buf[i];
      if (c < 48 || c > 57) break;
      n = n * 10 + (c - 48);
    }
    return n;
  };
  const openViewer = (v: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(ready.port, '127.0.0.1');
      socket.setNoDelay(true);
      let upgraded = false;
      let pending: Buffer = Buffer.alloc(0);
      const onFrame = (payload: Buffer) => {
        if (payload.subarray(0, STATE_PREFIX.length).equals(STATE_PREFIX)) return resolve();
        if (!payload.subarray(0, BID_PREFIX.length).equals(BID_PREFIX)) return;
        const received = Date.now();
        const id = readInt(payload, payload.indexOf(ID_KEY) + ID_KEY.length);
        const time = readInt(payload, payload.indexOf(TIME_KEY) + TIME_KEY.length);
        if (firstBidId < 0) firstBidId = id;
        const k = id - firstBidId;
        if (k < 0 || k >= maxBids) return;
        if (seen[v][k] < 255) seen[v][k]++;
        if (k < lastSeen[v]) outOfOrder++;
        lastSeen[v] = k;
        latencies[latencyCount++] = received - time;
      };
      socket.on('data', (chunk: Buffer) => {
        let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        if (!upgraded) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) {
            pending = buf;
            return;
          }
          if (!buf.subarray(0, 12).toString().includes('101')) return reject(new Error(buf.subarray(0, end).toString()));
          upgraded = true;
          buf = buf.subarray(end + 4);
          socket.write(maskedText(JSON.stringify({ type: 'watch', data: { projectId: ready.projectId } })));
        }
        let at = 0;
        while (buf.length - at >= 2) {
          let len = buf[at + 1] & 0x7f;
          let head = 2;
          if (len === 126) {
            if (buf.length - at < 4) break;
            len = buf.readUInt16BE(at + 2);
            head = 4;
          } else if (len === 127) {
            if (buf.length - at < 10) break;
            len = Number(buf.readBigUInt64BE(at + 2));
            head = 10;
          }
          if (buf.length - at < head + len) break;
          if ((buf[at] & 0x0f) === 1) onFrame(buf.subarray(at + head, at + head + len));
          at += head + len;
        }
        pending = at < buf.length ? Buffer.from(buf.subarray(at)) : Buffer.alloc(0);
      });
      socket.on('connect', () => {
        socket.write(
          `GET /websocket/0 HTTP/1.1\r\nHost: ${base}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('error', reject);
      sockets.push(socket);
    });
  const tOpen = Date.now();
  for (let i = 0; i < VIEWERS; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, VIEWERS - i) }, (_, j) => openViewer(i + j)));
  }
  console.log(`${VIEWERS} 个观众已连接并收到 auctionState（${Date.now() - tOpen} ms）`);

  // Bids over keep-alive HTTP; bid k offers start + k × increment so that in-order arrival is always accepted.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const accepted: number[] = [];
  const refused = new Map<string, number>();
  let errors = 0;
  const bid = (k: number) =>
    new Promise<void>((resolve) => {
      const timeStamp = String(Date.now());
      const sign = crypto.createHash('md5').update(`${DEPT_ID}${timeStamp}${SIGN_KEY}`).digest('hex');
      const body = JSON.stringify({ projectId: ready.projectId, amount: PRICE + k * INCREMENT });
      const req = http.request(
        {
          host: '127.0.0.1', port: ready.port, path: '/prod-api/api/auction/bid', method: 'POST', agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), deptId: String(DEPT_ID), timeStamp, sign, authorization: `Bearer ${ready.tokens[k % ready.tokens.length]}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString()) as { code: number; msg: string; data?: { bid: { id: number } } };
            if (json.code === 200) accepted.push(json.data!.bid.id);
            else refused.set(json.msg, (refused.get(json.msg) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const total = RATE * DURATION;
  const pending: Promise<void>[] = [];
  const tBids = Date.now();
  let k = 0;
  await new Promise<void>((resolve) => {
    // Paced by the wall clock: every 10 ms, fire however many bids the rate owes by now.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - tBids) / 1000) * RATE));
      while (k < due) pending.push(bid(k++));
      if (k >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await Promise.all(pending);
  const bidSeconds = (Date.now() - tBids) / 1000;
  // Let the last frames arrive.
  const expected = accepted.length * VIEWERS;
  for (let i = 0; i < 50 && latencyCount < expected; i++) await new Promise((r) => setTimeout(r, 100));

  const acceptedOffsets = accepted.map((id) => id - firstBidId);
  let lost = 0;
  let duplicates = 0;
  for (let v = 0; v < VIEWERS; v++) {
    for (const off of acceptedOffsets) {
      const n = off >= 0 && off < maxBids ? seen[v][off] : 0;
      if (n === 0) lost++;
      else if (n > 1) duplicates += n - 1;
    }
  }
  const sorted = latencies.slice(0, latencyCount).sort();
  const p50 = percentile(sorted, 50);
  const p90 = percentile(sorted, 90);
  const p99 = percentile(sorted, 99);
  const max = sorted[sorted.length - 1];

  console.log(`\n出价：发送 ${total} 次，用时 ${bidSeconds.toFixed(1)} s（${(total / bidSeconds).toFixed(0)}/s）；接受 ${accepted.length}，拒绝 ${[...refused.values()].reduce((a, b) => a + b, 0)}，请求错误 ${errors}`);
  for (const [msg, n] of refused) console.log(`  拒绝原因「${msg}」：${n}`);
  console.log(`广播：应收 ${expected} 帧，实收 ${latencyCount}；丢失 ${lost}，重复 ${duplicates}，乱序 ${outOfOrder}`);
  console.log(`延迟（出价被接受 → 观众收到）：p50 ${p50} ms，p90 ${p90} ms，p99 ${p99} ms，最大 ${max} ms`);
  const pass = p99 <= 50 && lost === 0;
  console.log(`目标（p99 ≤ 50 ms，丢失 0）：${pass ? '达成' : '未达成'}`);

  for (const socket of sockets) socket.destroy();
  agent.destroy();
  child.kill('SIGTERM');
  process.exitCode = pass ? 0 : 1;
}

if (args.includes('--serve')) await serve();
else await main();
