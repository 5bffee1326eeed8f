/**
 * npm run places:sync
 *
 * Brings the database's places in line with regions/<folder>/places.yaml, as `npm start` does before serving: new
 * places are added, renamed, re-coded, re-ordered or moved ones updated, none deleted (a place no YAML declares is
 * kept and reported). Validates the regions first and refuses a broken catalog; migrates the database like the server.
 */
import path from 'node:path';
import { loadConfig } from '../server/runtime/config.js';
import { syncPlaces } from '../server/services/places-sync.js';
import { PortalRegions, RegionConfigError } from '../server/delivery/portal-regions.js';
import { runCommand, withMigratedDatabase } from './cli.js';

async function main(): Promise<number> {
  const config = loadConfig();
  let catalog;
  try {
    catalog = new PortalRegions(config.regionsDir).load();
  } catch (error) {
    if (error instanceof RegionConfigError) {
      console.error(`区域配置有 ${error.problems.length} 处错误，地点未同步：\n${error.problems.join('\n')}`);
      return 1;
    }
    throw error;
  }
  console.log(`地区配置：${path.resolve(config.regionsDir)}（${catalog.places.length} 个地点）`);
  return withMigratedDatabase(config, async (handle) => {
    const result = await syncPlaces(handle.db, catalog.places, { info: (line) => console.log(line), warn: (line) => console.warn(line) });
    if (result.inserted.length === 0 && result.updated.length === 0) console.log('地点已与 places.yaml 一致，无需更改');
    return 0;
  });
}

runCommand(main);
