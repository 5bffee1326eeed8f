/**
 * npm run preview -- <region>: the portal of one region for its config author. Every page shows that region (as
 * with ?region=), the regions folder is watched, and each save is validated again and pushed to the open pages: the
 * new config re-renders them in place, a problem shows over the page (file:line:column, path, message, suggestion)
 * until fixed, while the server keeps the last valid config. No client build on a YAML change.
 */
import { loadConfig } from '../server/runtime/config.js';
import { startServer } from '../server/main.js';
import { RegionConfigError } from '../server/delivery/portal-regions.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { loadRegionCatalog } from '../engine/region-files/index.js';
import { buildClientIfStale } from './client-build.js';

const region = process.argv.slice(2).find((a) => !a.startsWith('-'));
const config = loadConfig(process.env, { previewRegion: region });
if (!region) {
  const ids = loadRegionCatalog(config.regionsDir).regions.map((r) => r.id);
  console.error(`用法：npm run preview -- <地区标识>\n可选：${ids.join('、') || '（无）'}`);
  process.exit(2);
}

buildClientIfStale();

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer({ config, seedWhenEmpty: true, previewReport: (line) => console.log(`[预览] ${line}`) });
} catch (error) {
  if (error instanceof RegionConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
console.log(`实时预览：${started.url}（地区 ${region}）。保存 ${config.regionsDir} 下的文件后，已打开的页面自动更新。`);
const { stop } = started;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop().finally(() => process.exit(0));
  });
}
