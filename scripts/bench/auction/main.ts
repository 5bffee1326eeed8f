import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import { postgresCpuMs } from '../proc-cpu.js';
import { FrameTally } from './frame-tally.js';
import { machineTicks } from './machine-ticks.js';
import { BIDDERS, DURATION, INSTANCES, RATE, VIEWERS, type Stats } from './options.js';
import { placeBids, type BidAnswers, type BidTarget } from './bids.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { printInstanceStats, printLatency, printMachineLoad } from './summary.js';
import { openViewer } from './viewers.js';

/** The load side: starts the server(s), opens the viewers, bids, and prints what it measured. */
export async function main(): Promise<void> {
  const t0 = Date.now();
  if (INSTANCES > 1 && !process.env.DATABASE_URL) {
    console.error('--instances 2 及以上需要 PostgreSQL：PGlite 是进程内数据库，不能由多个服务器实例共享（可用 bash scripts/with-postgres.sh npm run bench:auction -- --instances 2）');
    process.exit(2);
  }
  const first = await startServerProcess();
  const servers = [first];
  // Further instances on the first one's database: each LISTENs on its own connection, as separate machines would.
  for (let i = 1; i < INSTANCES; i++) servers.push(await startServerProcess(first.ready.databaseUrl));
  const ready: BidTarget = { ...first.ready, ports: servers.map((s) => s.ready.port) };
  console.log(
    `服务器已启动（${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite 内存库'}，${INSTANCES} 个实例，端口 ${ready.ports.join('、')}，${Date.now() - t0} ms）；项目 ${ready.projectId}，竞买人 ${BIDDERS}`,
  );

  const tally = new FrameTally(VIEWERS, RATE * DURATION + 10);
  const sockets: net.Socket[] = [];
  const tOpen = Date.now();
  for (let i = 0; i < VIEWERS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, VIEWERS - i) }, (_, j) => openViewer(i + j, ready.ports[(i + j) % ready.ports.length], ready.projectId, tally, sockets)),
    );
  }
  console.log(`${VIEWERS} 个观众已连接并收到 auctionState（${Date.now() - tOpen} ms）`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const answers: BidAnswers = { accepted: [], refused: new Map(), errors: 0 };
  const phase = await bidPhase(servers, ready, agent, answers);
  // Let the last frames arrive: until all are in, or none has come for 3 s (a frame that late counts as lost).
  const expected = answers.accepted.length * VIEWERS;
  for (let quiet = 0, before = tally.latencyCount; quiet < 30 && tally.latencyCount < expected; ) {
    await new Promise((r) => setTimeout(r, 100));
    quiet = tally.latencyCount === before ? quiet + 1 : 0;
    before = tally.latencyCount;
  }

  const pass = report(tally, answers, phase, expected);
  for (const socket of sockets) socket.destroy();
  agent.destroy();
  await stopServers(servers);
  process.exitCode = pass ? 0 : 1;
}

/** What the bid phase measured beside the answers. */
interface BidPhase {
  bidSeconds: number;
  loadCpu: NodeJS.CpuUsage;
  machine0?: { busy: number; idle: number };
  machine1?: { busy: number; idle: number };
  postgresMs: number;
  stats: Stats[];
}

/** The bids, with every server measuring over exactly that window (`start` … `stop`), and the machine's CPU around it. */
async function bidPhase(servers: ServerProcess[], ready: BidTarget, agent: http.Agent, answers: BidAnswers): Promise<BidPhase> {
  for (const server of servers) server.child.stdin!.write('start\n');
  const machine0 = machineTicks();
  const postgres0 = process.env.DATABASE_URL ? postgresCpuMs() : NaN;
  const loadCpu0 = process.cpuUsage();
  const tBids = Date.now();
  await placeBids(ready, RATE * DURATION, agent, answers);
  const bidSeconds = (Date.now() - tBids) / 1000;
  const loadCpu = process.cpuUsage(loadCpu0);
  const machine1 = machineTicks();
  const postgres1 = process.env.DATABASE_URL ? postgresCpuMs() : NaN;
  const statsLines = servers.map((server) => server.nextLine('STATS '));
  for (const server of servers) server.child.stdin!.write('stop\n');
  const stats = (await Promise.all(statsLines)).map((line) => JSON.parse(line.slice(6)) as Stats);
  return { bidSeconds, loadCpu, machine0, machine1, postgresMs: postgres1 - postgres0, stats };
}

/** Prints every figure and the `RESULT {json}` line; true when the goals are met. */
function report(tally: FrameTally, answers: BidAnswers, phase: BidPhase, expected: number): boolean {
  const { accepted, refused, errors } = answers;
  const total = RATE * DURATION;
  const { lost, duplicates } = tally.lostAndDuplicates(accepted);
  const refusedCount = [...refused.values()].reduce((a, b) => a + b, 0);
  const handledPerSecond = (accepted.length + refusedCount) / phase.bidSeconds;
  console.log(`\n出价：发送 ${total} 次，用时 ${phase.bidSeconds.toFixed(1)} s（处理 ${handledPerSecond.toFixed(0)}/s）；接受 ${accepted.length}，拒绝 ${refusedCount}，请求错误 ${errors}`);
  const reasons = [...refused].map(([msg, n]) => [msg.replace(/（.*）/, '（…）'), n] as const);
  const byReason = new Map<string, number>();
  for (const [msg, n] of reasons) byReason.set(msg, (byReason.get(msg) ?? 0) + n);
  for (const [msg, n] of byReason) console.log(`  拒绝原因「${msg}」：${n}`);
  console.log(`广播：应收 ${expected} 帧，实收 ${tally.latencyCount}；丢失 ${lost}，重复 ${duplicates}，乱序 ${tally.outOfOrder}`);
  const latencyMs = printLatency(tally);
  printInstanceStats(phase.stats);
  printMachineLoad({ ...phase, bids: accepted.length + refusedCount });

  const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const goals = { bidsPerSecond: 500, p99Ms: 50, lost: 0, duplicates: 0, outOfOrder: 0 };
  const outOfOrder = tally.outOfOrder;
  const pass = handledPerSecond >= goals.bidsPerSecond && latencyMs.p99 <= goals.p99Ms && lost === 0 && duplicates === 0 && outOfOrder === 0;
  console.log(`\n目标（≥ 500 次/s，p99 ≤ 50 ms，丢失 0，重复 0，乱序 0）：${pass ? '达成' : '未达成'}；负载 ${load.join(' ')}`);
  const result = {
    bench: 'auction',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    instances: INSTANCES,
    viewers: VIEWERS,
    offeredPerSecond: RATE,
    bidsPerSecond: Math.round(handledPerSecond),
    accepted: accepted.length,
    refused: refusedCount,
    errors,
    latencyMs,
    lost,
    duplicates,
    outOfOrder,
    goals,
    pass,
    loadavg: load,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
  return pass;
}

/** Further instances first, and waited for: the first drops the database, which would cut their connections. */
async function stopServers([first, ...further]: ServerProcess[]): Promise<void> {
  await Promise.all(
    further.map((server) => {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      return exited;
    }),
  );
  first.child.kill('SIGTERM');
}
