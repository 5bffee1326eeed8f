import os from 'node:os';
import { printProfile } from './cpu-profile.js';
import type { FrameTally } from './frame-tally.js';
import type { Stats } from './options.js';

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Broadcast latency from the bid's acceptance to the viewer, and the p99 of its two parts. */
export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  toInstanceP99: number;
  toViewerP99: number;
}

/** Prints the broadcast latency, whole and in its two parts (bid → instance, instance → viewer). */
export function printLatency(tally: FrameTally): Latency {
  const sorted = tally.latencies.slice(0, tally.latencyCount).sort();
  const p50 = percentile(sorted, 50);
  const p90 = percentile(sorted, 90);
  const p99 = percentile(sorted, 99);
  const max = sorted[sorted.length - 1];
  console.log(`延迟（出价被接受 → 观众收到）：p50 ${p50} ms，p90 ${p90} ms，p99 ${p99} ms，最大 ${max} ms`);
  const parts = { toInstanceP99: NaN, toViewerP99: NaN };
  for (const [label, part, key] of [
    ['出价被接受 → 实例收到通知', tally.toInstance, 'toInstanceP99'],
    ['实例收到通知 → 观众收到', tally.toViewer, 'toViewerP99'],
  ] as const) {
    const xs = part.slice(0, tally.latencyCount).sort();
    parts[key] = percentile(xs, 99);
    console.log(`  其中「${label}」：p50 ${percentile(xs, 50)} ms，p90 ${percentile(xs, 90)} ms，p99 ${parts[key]} ms，最大 ${xs[xs.length - 1]} ms`);
  }
  return { p50, p90, p99, max, ...parts };
}

/** Where the server's time went during the bids: per instance, the stages of a bid and of the fan-out. */
export function printInstanceStats(stats: Stats[]): void {
  stats.forEach((st, i) => {
    const busy = (100 * st.cpuMs) / st.wallMs;
    console.log(`\n实例 ${i + 1}：CPU ${st.cpuMs} ms / ${st.wallMs} ms（${busy.toFixed(0)}% 单核），事件循环延迟 p99 ${st.eventLoopDelayP99Ms} ms`);
    console.log(`  出价请求 ${st.requests.count} 个：合计 ${st.requests.totalMs} ms，p50 ${st.requests.p50} ms，p99 ${st.requests.p99} ms（收到请求 → 响应写完）`);
    for (const [label, q] of Object.entries(st.queries).sort((a, b) => b[1].totalMs - a[1].totalMs).slice(0, 6))
      console.log(`  查询「${label}」×${q.count}：合计 ${q.totalMs} ms，p99 ${q.p99} ms`);
    const h = st.hub;
    console.log(
      `  广播：${h.frames} 帧（各序列化一次），${h.flushes} 次批量写出，${h.socketWrites} 次套接字写（每次批量 ${(h.socketWrites / Math.max(1, h.flushes)).toFixed(0)} 个），` +
        `写出合计 ${h.flushMs} ms（每次写 ${((1000 * h.flushMs) / Math.max(1, h.socketWrites)).toFixed(1)} µs），单次批量最长 ${h.maxFlushMs} ms`,
    );
    if (st.profile) printProfile(st.profile);
  });
}

/** The machine's CPU over the bid phase: the whole machine, this load generator, and the PostgreSQL server when there is one. */
export function printMachineLoad(figures: {
  machine0?: { busy: number; idle: number };
  machine1?: { busy: number; idle: number };
  loadCpu: NodeJS.CpuUsage;
  bidSeconds: number;
  postgresMs: number;
  bids: number;
}): void {
  const { machine0, machine1, loadCpu, bidSeconds } = figures;
  if (machine0 && machine1) {
    const busy = machine1.busy - machine0.busy;
    const all = busy + machine1.idle - machine0.idle;
    console.log(
      `\n整机（${os.cpus().length} 核）出价阶段 CPU 占用 ${((100 * busy) / all).toFixed(0)}%；其中本压测进程（观众解析帧 + 发出价）${((loadCpu.user + loadCpu.system) / 1000).toFixed(0)} ms / ${(bidSeconds * 1000).toFixed(0)} ms`,
    );
  }
  if (Number.isFinite(figures.postgresMs)) {
    const ms = figures.postgresMs;
    console.log(`PostgreSQL 服务器进程 CPU ${ms.toFixed(0)} ms（每次出价 ${((1000 * ms) / Math.max(1, figures.bids)).toFixed(0)} µs）`);
  }
}
