/**
 * npm exec tsx scripts/bench/regions.ts [count]   copies the demo regions into a temp folder as `count` regions
 * (default 100) with new ids, then times loadRegionCatalog cold (first call in this process: schema compilation
 * included) and warm (schemas cached). Goal: 100 regions in under a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRegionCatalog } from '../../engine/region-files/index.js';

const count = Number(process.argv[2] ?? 100);
const source = path.resolve('regions');
const target = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-regions-'));
try {
  fs.cpSync(path.join(source, '_base'), path.join(target, '_base'), { recursive: true });
  const demos = fs.readdirSync(source, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_')).map((d) => d.name);
  for (let i = 0; i < count; i++) {
    const demo = demos[i % demos.length];
    const id = `${demo}-${String(i).padStart(3, '0')}`;
    const dir = path.join(target, id);
    fs.cpSync(path.join(source, demo), dir, { recursive: true });
    // Variants (region.dev.yaml) would add regions beyond `count`; keep one region per folder (and its places, which
    // every copy declares alike: one tree).
    for (const f of fs.readdirSync(dir)) if (f !== 'region.yaml' && f !== 'places.yaml' && f.endsWith('.yaml')) fs.rmSync(path.join(dir, f));
    const file = path.join(dir, 'region.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^id: .*$/m, `id: ${id}`));
  }
  const time = () => {
    const start = performance.now();
    const catalog = loadRegionCatalog(target);
    return { ms: performance.now() - start, catalog };
  };
  const cold = time();
  const warm = [time(), time(), time()].map((r) => r.ms).sort((a, b) => a - b)[1];
  console.log(`regions: ${cold.catalog.regions.length}, problems: ${cold.catalog.problems.length}`);
  console.log(`cold (schemas compiled): ${cold.ms.toFixed(0)} ms`);
  console.log(`warm (median of 3):      ${warm.toFixed(0)} ms`);
  console.log(cold.ms < 1000 ? 'goal met: < 1 s' : 'goal missed: ≥ 1 s');
} finally {
  fs.rmSync(target, { recursive: true, force: true });
}
