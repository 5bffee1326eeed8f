/**
 * npm start: build the client when it is missing or older than its sources, migrate, seed an empty database with
 * the demo data, then serve portal + API on HOST:PORT (default 127.0.0.1:8080) and print the URL.
 * With NODE_ENV=production (npm run start:production): no demo, and a refusal naming each demo secret or account left.
 */
import { startServer } from '../server/main.js';
import { RegionConfigError } from '../server/delivery/portal-regions.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { ProductionConfigError } from '../server/runtime/production.js';
import { TrustProxyError } from '../server/runtime/trust-proxy.js';
import { MetricsAllowError } from '../server/metrics/access.js';
import { buildClientIfStale } from './client-build.js';

buildClientIfStale();

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer({ seedWhenEmpty: true });
} catch (error) {
  // A broken region file (every problem, file:line:column), a data folder another process holds or a bad address
  // setting: the message says what to do, a stack trace would only bury it.
  const told = [RegionConfigError, DataDirBusyError, ProductionConfigError, TrustProxyError, MetricsAllowError];
  if (told.some((kind) => error instanceof kind)) {
    console.error((error as Error).message);
    process.exit(1);
  }
  throw error;
}
const { stop } = started;
// A stop takes the instance out of rotation, lets what is under way finish (SHUTDOWN_GRACE_MS at most) and exits 0;
// a second signal while it does ends the process at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`收到 ${signal}，正在停止：不再接收新连接，等待进行中的请求完成…`);
    stop().then(
      () => {
        console.log('已停止');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('停止时出错：', error);
        process.exit(1);
      },
    );
  });
}
