import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Session } from 'node:inspector/promises';
import { quantile, type Measurement } from './measurement.js';
import type { Stats } from './options.js';

/** The fan-out's counters (the hub's `stats`). */
interface HubCounters {
  flushes: number;
  socketWrites: number;
  flushMs: number;
  maxFlushMs: number;
  frames: number;
}

/**
 * The parent says `start` when bidding begins and `stop` when it ends: stats (and the CPU profile, into
 * `profileDir` when given) cover that window only, printed as `STATS {json}`.
 */
export function answerWindowCommands(measurement: Measurement, hub: { stats: HubCounters }, profileDir: string | undefined): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let session: Session | undefined;
  let cpu0 = process.cpuUsage();
  let wall0 = 0;
  let hub0 = { ...hub.stats };
  const start = async () => {
    if (profileDir) {
      const inspector = await import('node:inspector/promises');
      session = new inspector.Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    hub0 = { ...hub.stats };
    delay.reset();
    delay.enable();
    cpu0 = process.cpuUsage();
    wall0 = performance.now();
    measurement.start();
  };
  const stop = async () => {
    measurement.measuring = false;
    delay.disable();
    const cpu = process.cpuUsage(cpu0);
    const { requestTimes, queryTimes } = measurement;
    const stats: Stats = {
      requests: { count: requestTimes.length, totalMs: Math.round(requestTimes.reduce((a, b) => a + b, 0)), p50: quantile(requestTimes, 0.5), p99: quantile(requestTimes, 0.99) },
      queries: Object.fromEntries(
        [...queryTimes].map(([label, xs]) => [label, { count: xs.length, totalMs: Math.round(xs.reduce((a, b) => a + b, 0)), p99: quantile(xs, 0.99) }]),
      ),
      hub: {
        flushes: hub.stats.flushes - hub0.flushes,
        socketWrites: hub.stats.socketWrites - hub0.socketWrites,
        flushMs: Math.round(hub.stats.flushMs - hub0.flushMs),
        maxFlushMs: Math.round(hub.stats.maxFlushMs),
        frames: hub.stats.frames - hub0.frames,
      },
      eventLoopDelayP99Ms: Math.round(delay.percentile(99) / 1e6),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      wallMs: Math.round(performance.now() - wall0),
    };
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      const fs = await import('node:fs');
      fs.mkdirSync(profileDir!, { recursive: true });
      stats.profile = path.resolve(profileDir!, `auction-server-${process.pid}.cpuprofile`);
      fs.writeFileSync(stats.profile, JSON.stringify(profile));
    }
    process.stdout.write(`STATS ${JSON.stringify(stats)}\n`);
  };
  let stdinBuffer = '';
  process.stdin.on('data', async (chunk: Buffer) => {
    stdinBuffer += chunk.toString();
    let nl: number;
    while ((nl = stdinBuffer.indexOf('\n')) >= 0) {
      const command = stdinBuffer.slice(0, nl).trim();
      stdinBuffer = stdinBuffer.slice(nl + 1);
      if (command === 'start') await start();
      else if (command === 'stop') await stop();
    }
  });
}
