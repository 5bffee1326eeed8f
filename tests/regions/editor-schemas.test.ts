import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isAllowedUrl, URL_FORMAT } from '../../engine/security/url-policy.js';

// What an author's editor sees: each YAML file alone, checked against the schema its `yaml-language-server` modeline
// names, with the real generated block catalog (props checked per block type), as the YAML extension does. A file
// that builds on `_base` must not show "'pages' is a required property" there: the merge supplies it.

const SCHEMAS = path.resolve('schemas');
const BLOCKS = path.resolve('blocks');
const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S+)/;

function schemaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'types' || entry.name === 'api' || entry.name === 'forms' ? [] : schemaFiles(full);
    return entry.name.endsWith('.schema.json') ? [full] : [];
  });
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? yamlFiles(full) : entry.name.endsWith('.yaml') ? [full] : [];
  });
}

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
ajv.addFormat(URL_FORMAT, isAllowedUrl);
const byFile = new Map<string, string>();
// The block props schemas live beside their blocks (blocks/<type>/props.schema.json). The files carry no $id and
// every $ref is a path relative to its file, which is how an editor follows them; ajv is given each file's path from
// the repository root as its id (as engine/region-files/schemas.ts does), so a relative $ref resolves to the same file.
const blockFiles = fs
  .readdirSync(BLOCKS)
  .map((type) => path.join(BLOCKS, type, 'props.schema.json'))
  .filter((file) => fs.existsSync(file));
const repoPath = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');
const declaredIds: string[] = [];
for (const file of [...schemaFiles(SCHEMAS), ...blockFiles]) {
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { $id?: string };
  if (schema.$id !== undefined) declaredIds.push(`${repoPath(file)}: ${schema.$id}`);
  ajv.addSchema({ ...schema, $id: repoPath(file) } as AnySchema);
  byFile.set(path.resolve(file), repoPath(file));
}

/** The validator an editor would use for `file`: the schema its first line names, or undefined without a modeline. */
function editorValidator(file: string): ValidateFunction | undefined {
  const match = MODELINE.exec(fs.readFileSync(file, 'utf8').split('\n')[0]);
  if (!match) return undefined;
  const id = byFile.get(path.resolve(path.dirname(file), match[1]));
  if (!id) throw new Error(`${file}: the modeline names ${match[1]}, which is not a schema of schemas/`);
  return ajv.getSchema(id);
}

const REGION_FILES = yamlFiles(path.resolve('regions'));

describe('each region file alone, as an editor validates it', () => {
  it('no region or block schema names itself with an $id: each is known by its path, so editors and ajv agree', () => {
    expect(declaredIds).toEqual([]);
    expect(byFile.get(path.resolve('blocks/login-box/props.schema.json'))).toBe('blocks/login-box/props.schema.json');
  });

  it('every file under regions/ names its schema in a modeline', () => {
    const without = REGION_FILES.filter((file) => !MODELINE.test(fs.readFileSync(file, 'utf8').split('\n')[0]));
    expect(without.map((f) => path.relative(process.cwd(), f))).toEqual([]);
    expect(REGION_FILES.length).toBeGreaterThan(10);
  });

  it.each(REGION_FILES.map((f) => [path.relative(process.cwd(), f), f]))('%s is valid against its modeline schema', (_name, file) => {
    const validate = editorValidator(file)!;
    const ok = validate(parse(fs.readFileSync(file, 'utf8')) ?? {});
    expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath || '/'} ${e.message}`)).toEqual([]);
  });

  it('the per-file schema still catches what an author gets wrong (a misspelt key, a block prop of the wrong type)', () => {
    const layer = ajv.getSchema('schemas/region-layer.schema.json')!;
    expect(layer({ extends: '../_base/region.yaml', cityNmae: '测试县' })).toBe(false);
    expect(layer.errors!.some((e) => e.keyword === 'additionalProperties')).toBe(true);
    const badProps = { pages: { home: { route: '/', title: '首页', blocks: [{ type: 'news-list', props: { rows: '七' } }] } } };
    expect(layer(badProps)).toBe(false);
    // The merged region still needs every required key: region.schema.json keeps them.
    expect(ajv.getSchema('schemas/region.schema.json')!({ extends: '../_base/region.yaml', id: 'x' })).toBe(false);
  });
});
