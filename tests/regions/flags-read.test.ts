import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every flag and every top-level field the region schema accepts must do something: a flag or field nobody reads is
 * a promise to config authors that the portal breaks. "Read" means named as a property in the product's
 * TypeScript (engine/, blocks/, machines/, server/ — not tests, not the demo seed, comments stripped), or in a
 * region YAML condition or reference (`flags.X`, `region.X` in a `when`, a `path` or a `$from`).
 */

const schema = JSON.parse(fs.readFileSync(path.resolve('schemas/region.schema.json'), 'utf8')) as {
  properties: Record<string, unknown>;
  $defs: { flags: { properties: Record<string, unknown> } };
};
const FIELDS = Object.keys(schema.properties).filter((name) => name !== 'flags');
const FLAGS = Object.keys(schema.$defs.flags.properties);

function filesUnder(dir: string, endings: string[], skip: string[] = []): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !skip.includes(full)) out.push(...filesUnder(full, endings, skip));
    } else if (endings.some((e) => entry.name.endsWith(e)) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** Code without its comments (a flag named in a comment is not read). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const code = ['engine', 'blocks', 'machines', 'server']
  .flatMap((dir) => filesUnder(dir, ['.ts', '.tsx'], [path.join('server', 'seed')]))
  .map((file) => withoutComments(fs.readFileSync(file, 'utf8')))
  .join('\n');
const yamlWithoutComments = (text: string) => text.replace(/(^|\s)#.*$/gm, '$1');
const yaml = filesUnder('regions', ['.yaml'])
  .map((file) => yamlWithoutComments(fs.readFileSync(file, 'utf8')))
  .join('\n');

const escape = (name: string) => name.replace(/[$]/g, '\\$');

/** A top-level field is read as `x.name` / `x['name']` in code, or `region.name` / `titleField: name` in YAML. */
function fieldRead(name: string, sources = { code, yaml }): boolean {
  const n = escape(name);
  return (
    new RegExp(`(\\.|\\[\\s*['"])${n}\\b`).test(sources.code) ||
    new RegExp(`\\bregion\\.${n}\\b`).test(sources.yaml) ||
    // A page's `titleField` names the region field its title comes from (PageView reads region[page.titleField]).
    new RegExp(`\\btitleField:\\s*${n}\\b`).test(sources.yaml)
  );
}

/** A flag is read as `flags.name` / `flags?.name` / `flags['name']` in code, or `flags.name` in YAML. */
function flagRead(name: string, sources = { code, yaml }): boolean {
  const n = escape(name);
  return new RegExp(`\\bflags\\??\\.${n}\\b|\\bflags\\[\\s*['"]${n}['"]`).test(sources.code) || new RegExp(`\\bflags\\.${n}\\b`).test(sources.yaml);
}

describe('every region flag and field is read somewhere', () => {
  it('finds the schema names to check', () => {
    expect(FLAGS.length).toBeGreaterThan(15);
    expect(FIELDS).toEqual(expect.arrayContaining(['cityName', 'lesseeId', 'loginImg', 'backGroundUrl', 'projectCardShowStatusList', 'ZCZSName']));
  });

  it('tells a read from a mere mention (the detector can fail)', () => {
    const sample = {
      code: withoutComments("// flags.inComment\n/* region.blockComment */\nconst a = flags.realFlag; const b = region?.realField; type T = Pick<Region, 'typeOnly'>;"),
      yaml: yamlWithoutComments('when: flags.yamlFlag  # flags.yamlComment\nsource: { $from: region.yamlField }\ntitleField: titleFromField'),
    };
    expect(['realFlag', 'yamlFlag'].filter((f) => flagRead(f, sample))).toEqual(['realFlag', 'yamlFlag']);
    expect(['inComment', 'yamlComment', 'neverNamed'].filter((f) => flagRead(f, sample))).toEqual([]);
    expect(['realField', 'yamlField', 'titleFromField'].filter((f) => fieldRead(f, sample))).toEqual(['realField', 'yamlField', 'titleFromField']);
    expect(['blockComment', 'typeOnly', 'neverNamed'].filter((f) => fieldRead(f, sample))).toEqual([]);
  });

  it('no flag is unread', () => {
    expect(FLAGS.filter((name) => !flagRead(name))).toEqual([]);
  });

  it('no top-level field is unread', () => {
    expect(FIELDS.filter((name) => !fieldRead(name))).toEqual([]);
  });
});
