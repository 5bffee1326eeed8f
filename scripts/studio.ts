/**
 * npm run studio -- <region>: the page studio beside the live preview. A county's clerk composes its pages from the
 * block catalogue, edits props by forms, turns flags on and words the statuses; each change is validated as CI does,
 * written to the region's YAML (comments and layout kept) and shown in the page. This machine only, unless
 * STUDIO_TOKEN is set (then whoever opens /studio#token=<token>).
 */
import { loadConfig } from '../server/runtime/config.js';
import { startServer } from '../server/main.js';
import { RegionConfigError } from '../server/delivery/portal-regions.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { loadRegionCatalog } from '../engine/region-files/index.js';
import { buildClientIfStale, buildStudioIfStale } from './client-build.js';

const region = process.argv.slice(2).find((a) => !a.startsWith('-'));
// Each change is validated over the whole regions folder, a synchronous stretch of a few hundred ms: on the author's
// machine that is no overload to shed with 503 (MAX_EVENT_LOOP_DELAY_MS, on by default on PostgreSQL).
const config = loadConfig(process.env, { previewRegion: region, studio: true, maxEventLoopDelayMs: 0 });
if (!region) {
  const ids = loadRegionCatalog(config.regionsDir).regions.map((r) => r.id);
  console.error(`用法：npm run studio -- <地区标识>\n可选：${ids.join('、') || '（无）'}`);
  process.exit(2);
}

buildClientIfStale();
buildStudioIfStale();

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer({ config, seedWhenEmpty: true, previewReport: (line) => console.log(`[工作室] ${line}`) });
} catch (error) {
  if (error instanceof RegionConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const access = config.studioToken ? '（凭 STUDIO_TOKEN 口令：在地址后加 #token=<口令>）' : '（只对本机开放）';
console.log(`页面工作室：${started.url}studio${access}；地区 ${region}。每次修改校验通过后写入 ${config.regionsDir}，页面随即更新。`);
const { stop } = started;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop().finally(() => process.exit(0));
  });
}
