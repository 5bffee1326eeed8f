/**
 * npm run gen:types            writes schemas/types/api.ts (and api-route-files.ts, each route's file) from
 *                              schemas/api/*.json, and from the region and block
 *                              schemas (blocks/<type>/props.schema.json) schemas/types/region.ts,
 *                              schemas/types/blocks.ts and the editor catalog schemas/block-catalog.schema.json,
 *                              and the forms' precompiled validators
 *                              schemas/forms/validators/<form>.ts (scripts/gen-form-validators.ts);
 *                              one generator a file under scripts/gen-types/
 * npm run check:types-fresh    (--check) regenerates in memory and fails when any checked-in output is stale
 *
 * All schema files are merged into one synthetic root schema before compiling, so a definition shared by many
 * routes (common#/$defs/Article) is emitted once under one name instead of once per file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { generateApiForms, generateFormValidators } from './gen-form-validators.js';
import { generateApiRouteFiles, generateApiTypes } from './gen-types/api-types.js';
import { generateBlockCatalog } from './gen-types/block-catalog.js';
import { generateBlockTypes } from './gen-types/block-types.js';
import { BLOCKS_ROOT, CATALOG_FILE, DEFAULT_OUTPUT, DEFAULT_SCHEMA_DIR, SCHEMAS_ROOT } from './gen-types/paths.js';
import { generateRegionLayerSchema } from './gen-types/region-layer-schema.js';
import { generateRegionTypes } from './gen-types/region-types.js';

/** Every generated file: absolute path → its source, regenerated from the schemas. */
async function generateAll(): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  outputs.set(DEFAULT_OUTPUT, await generateApiTypes(DEFAULT_SCHEMA_DIR));
  outputs.set(path.join(SCHEMAS_ROOT, 'types/api-route-files.ts'), generateApiRouteFiles(DEFAULT_SCHEMA_DIR));
  outputs.set(path.join(SCHEMAS_ROOT, 'types/region.ts'), await generateRegionTypes(SCHEMAS_ROOT));
  outputs.set(path.join(SCHEMAS_ROOT, 'types/blocks.ts'), await generateBlockTypes(BLOCKS_ROOT));
  outputs.set(path.join(SCHEMAS_ROOT, CATALOG_FILE), generateBlockCatalog(BLOCKS_ROOT, DEFAULT_SCHEMA_DIR));
  outputs.set(path.join(SCHEMAS_ROOT, 'region-layer.schema.json'), generateRegionLayerSchema(SCHEMAS_ROOT));
  // Formatted as the repository formats JSON, so format:check and check:types-fresh agree on them.
  const apiForms = new Map<string, string>();
  for (const [file, text] of generateApiForms(SCHEMAS_ROOT)) {
    apiForms.set(file, await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file }));
  }
  for (const [file, source] of apiForms) outputs.set(file, source);
  for (const [file, source] of generateFormValidators(SCHEMAS_ROOT, apiForms)) outputs.set(file, source);
  return outputs;
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const outputs = await generateAll();
  const relative = (file: string) => path.relative(process.cwd(), file) || file;
  if (check) {
    const stale: string[] = [];
    for (const [file, source] of outputs) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      if (current !== source) stale.push(`  ${relative(file)}${current === undefined ? '（缺失）' : ''}`);
    }
    if (stale.length === 0) return 0;
    console.error('生成的类型已过期：运行 npm run gen:types');
    for (const line of stale) console.error(line);
    return 1;
  }
  for (const [file, source] of outputs) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source);
    console.log(`已写入 ${relative(file)}`);
  }
  return 0;
}

// Only the CLI runs main(); importing this file has no side effects.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`生成类型失败：${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
