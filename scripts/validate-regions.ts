/**
 * npm run validate:regions [dir]   checks every region file under dir (default regions/) and deployment.yaml.
 * Prints each problem as `file:line:column  path  message (did you mean X?)` and a summary; exit 1 on any problem.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem } from '../engine/region/index.js';
import { loadRegionCatalog } from '../engine/region-files/index.js';

export function validateRegions(dir: string): { output: string[]; exitCode: number } {
  const catalog = loadRegionCatalog(path.resolve(dir));
  const output = catalog.problems.map(formatProblem);
  const files = new Set(catalog.problems.map((p) => p.file)).size;
  output.push(
    catalog.problems.length === 0
      ? `${catalog.regions.length} regions valid (${catalog.regions.map((r) => r.id).join(', ')}); default ${catalog.deployment.defaultRegion}`
      : `${catalog.problems.length} problem${catalog.problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`,
  );
  return { output, exitCode: catalog.problems.length === 0 ? 0 : 1 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { output, exitCode } = validateRegions(process.argv[2] ?? 'regions');
  const write = exitCode === 0 ? console.log : console.error;
  for (const line of output) write(line);
  process.exit(exitCode);
}
