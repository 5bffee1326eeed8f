import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaTexts, uiSchemaFromTexts, withoutEnglishDescriptions } from '../../engine/region/index.js';
import { getRegionSchemas, readSchema, type JsonSchema } from '../../engine/region-files/index.js';
import { StudioSession } from '../../engine/region-files/studio-session.js';
import { apiCallTexts, type CallTexts } from '../../engine/region-files/api-calls.js';
import { blockMeta } from '../../engine/region/block-meta.js';

// The clerks who compose a county's portal in the studio read Chinese: every flag, setting, block and prop the studio
// shows carries a Chinese title (x-title) and, where its name does not say it all, a Chinese description
// (x-description). A new block, prop or flag without them fails here, named.
const CHINESE = /[\u4e00-\u9fff]/;
const { blockSchemas, regionSchema } = getRegionSchemas();

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every property under `schema`, by a readable path (`columns[].label`), through items, maps, options and $defs. */
function properties(schema: unknown, at = ''): [string, Node][] {
  if (!isNode(schema)) return [];
  const out: [string, Node][] = [];
  if (isNode(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      const where = at ? `${at}.${key}` : key;
      if (isNode(child)) out.push([where, child], ...properties(child, where));
    }
  }
  if (isNode(schema.items)) out.push(...properties(schema.items, `${at}[]`));
  if (isNode(schema.additionalProperties)) out.push(...properties(schema.additionalProperties, `${at}{}`));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) options.forEach((option, i) => out.push(...properties(option, `${at}|${key}[${i}]`)));
  }
  if (isNode(schema.$defs)) for (const [name, def] of Object.entries(schema.$defs)) out.push(...properties(def, `#${name}`));
  return out;
}

const untitled = (list: [string, Node][]) => list.filter(([, node]) => !CHINESE.test(schemaTexts(node).title ?? '')).map(([where]) => where);

/** Every enum under `schema` (a prop's, or a list prop's items') whose values are not words already, by path. */
function choices(schema: unknown): [string, Node][] {
  const needsWords = (node: unknown): node is Node => isNode(node) && Array.isArray(node.enum) && !node.enum.every((v) => CHINESE.test(String(v)));
  return properties(schema).flatMap(([where, node]): [string, Node][] => [
    ...(needsWords(node) ? [[where, node] as [string, Node]] : []),
    ...(needsWords(node.items) ? [[`${where}[]`, node.items] as [string, Node]] : []),
  ]);
}

/** The choices whose values lack a Chinese word (x-enum-titles), each named with the values it misses. */
const unworded = (list: [string, Node][]) =>
  list.flatMap(([where, node]) => {
    const words = schemaTexts(node).enumTitles ?? {};
    const missing = (node.enum as unknown[]).map(String).filter((value) => !CHINESE.test(words[value] ?? ''));
    return missing.length ? [`${where}: ${missing.join(', ')}`] : [];
  });

/** The calls among `calls` whose Chinese title or description is missing (or that the API has not). */
const callsLacking = (calls: Set<string>, texts: Map<string, CallTexts>) =>
  [...calls].filter((call) => !CHINESE.test(texts.get(call)?.title ?? '') || !CHINESE.test(texts.get(call)?.description ?? '')).sort();

describe('the Chinese texts of the schemas the studio shows (x-title, x-description)', () => {
  it.each([...blockSchemas.keys()])('block %s says in Chinese what a visitor sees and titles every prop in Chinese', (type) => {
    const schema = blockSchemas.get(type)!;
    expect(schemaTexts(schema).description ?? '', `${type}: x-description`).toMatch(CHINESE);
    expect(untitled(properties(schema)), `${type}: props without a Chinese x-title`).toEqual([]);
    expect(unworded(choices(schema)), `${type}: choices without a Chinese word (x-enum-titles)`).toEqual([]);
  });

  it('titles and explains every flag in Chinese', () => {
    const flags = ((regionSchema.$defs as Record<string, Node>).flags.properties ?? {}) as Record<string, Node>;
    const lacking = Object.entries(flags)
      .filter(([, def]) => !CHINESE.test(schemaTexts(def).title ?? '') || !CHINESE.test(schemaTexts(def).description ?? ''))
      .map(([name]) => name);
    expect(lacking, 'flags without a Chinese x-title and x-description').toEqual([]);
  });

  it("titles every region setting, status wording, navigation tab and footer link in Chinese (not the pages' and layout's block lists)", () => {
    const top = Object.entries(regionSchema.properties as Record<string, Node>).filter(([name]) => !['flags', 'layout', 'pages', 'siteData'].includes(name));
    const nested = top.flatMap(([name, def]) => properties(def, name));
    const tab = properties((regionSchema.$defs as Record<string, Node>).tab, '#tab');
    const settings = [...top, ...nested.filter(([where]) => !where.startsWith('extends')), ...tab];
    expect(untitled(settings)).toEqual([]);
    expect(unworded(settings.filter(([, node]) => Array.isArray(node.enum)))).toEqual([]);
  });

  it('names in Chinese every API call a block draws its data from, and every site-data key (the 数据来源 picker)', () => {
    const calls = new Set([...blockSchemas.values()].flatMap((schema) => blockMeta(schema).source?.calls ?? []));
    expect(calls.size).toBeGreaterThan(20);
    expect(callsLacking(calls, apiCallTexts()), 'calls without a Chinese x-title and x-description in schemas/api').toEqual([]);
    const siteData = ((regionSchema.properties as Record<string, Node>).siteData.properties ?? {}) as Record<string, Node>;
    expect(untitled(Object.entries(siteData)), 'site-data keys without a Chinese x-title').toEqual([]);
  });

  it('the call check names a call without its Chinese texts, and one the API does not have', () => {
    const texts = new Map([
      ['newsList', { title: '文章列表', description: '某一栏目的文章。' }],
      ['dealList', { title: 'Deal list' }],
    ]);
    expect(callsLacking(new Set(['newsList', 'dealList', 'noSuchCall']), texts)).toEqual(['dealList', 'noSuchCall']);
  });

  it('titles every field of the places tree in Chinese', () => {
    expect(untitled(properties(readSchema('places.schema.json')))).toEqual([]);
  });

  it('the walk names what lacks a text, down to an array item, and each choice without its word', () => {
    const schema = { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } } } };
    expect(untitled(properties(schema))).toEqual(['rows', 'rows[].text']);
    const withChoices = {
      type: 'object',
      properties: {
        variant: { enum: ['list', 'cards'], 'x-enum-titles': { list: '列表' } },
        charts: { type: 'array', items: { enum: ['status'] } },
        kinds: { type: 'array', items: { enum: ['信用', '担保'] } },
      },
    };
    expect(unworded(choices(withChoices))).toEqual(['variant: cards', 'charts[]: status']);
  });
});

describe('uiSchemaFromTexts', () => {
  it('labels fields, array items, map values and options recursively, following local references', () => {
    const schema: JsonSchema = {
      type: 'object',
      'x-title': '根',
      description: 'Root.',
      properties: {
        count: { type: 'integer', description: 'Rows.', 'x-title': '显示条数', 'x-description': '显示几条。' },
        plain: { type: 'string' },
        links: { type: 'array', 'x-title': '链接', items: { type: 'object', properties: { text: { type: 'string', 'x-title': '链接文字' } } } },
        body: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'object', properties: { $from: { type: 'string', 'x-title': '取自' } } }] } },
        place: { $ref: '#/$defs/place', 'x-title': '所在地区' },
        call: { $ref: '../../schemas/block-catalog.schema.json#/$defs/callName', 'x-title': '接口' },
      },
      $defs: { place: { type: 'object', 'x-description': '一个地区。', properties: { name: { type: 'string', 'x-title': '名称' }, children: { type: 'array', items: { $ref: '#/$defs/place' } } } } },
    };
    expect(uiSchemaFromTexts(schema)).toEqual({
      'ui:title': '根',
      count: { 'ui:title': '显示条数', 'ui:description': '显示几条。' },
      links: { 'ui:title': '链接', items: { text: { 'ui:title': '链接文字' } } },
      body: { additionalProperties: { oneOf: [{}, { $from: { 'ui:title': '取自' } }] } },
      // The label beside the reference wins over the referenced schema's own.
      place: { 'ui:title': '所在地区', 'ui:description': '一个地区。', name: { 'ui:title': '名称' }, children: expect.any(Object) },
      call: { 'ui:title': '接口' },
    });
  });

  it('labels a tree (a schema that contains itself) six levels deep, then stops', () => {
    const schema = { $ref: '#/$defs/place', $defs: { place: { type: 'object', properties: { name: { type: 'string', 'x-title': '名称' }, children: { type: 'array', items: { $ref: '#/$defs/place' } } } } } };
    let level = uiSchemaFromTexts(schema);
    for (let depth = 1; depth < 6; depth++) {
      expect(level.name, `level ${depth}`).toEqual({ 'ui:title': '名称' });
      level = (level.children as { items: Record<string, unknown> }).items;
    }
    expect(level).toEqual({ name: { 'ui:title': '名称' } });
  });

  it("words a drop-down's options from x-enum-titles (ui:enumNames by value)", () => {
    const schema = { type: 'object', properties: { variant: { type: 'string', enum: ['list', 'image-cards'], 'x-title': '显示样式', 'x-enum-titles': { list: '标题列表', 'image-cards': '图片卡片' } } } };
    expect(uiSchemaFromTexts(schema)).toEqual({ variant: { 'ui:title': '显示样式', 'ui:enumNames': { list: '标题列表', 'image-cards': '图片卡片' } } });
  });

  it('gives nothing for a schema without Chinese texts', () => {
    expect(uiSchemaFromTexts({ type: 'object', properties: { a: { type: 'string', description: 'A.' } } })).toEqual({});
    expect(uiSchemaFromTexts(undefined)).toEqual({});
  });

  it("labels a real block's form: the news carousel's fields by their Chinese titles", () => {
    const ui = uiSchemaFromTexts(blockSchemas.get('news-carousel'));
    expect(ui.intervalSeconds).toEqual({ 'ui:title': '切换间隔（秒）' });
    expect(ui.detailRoute).toMatchObject({ 'ui:title': '详情页面地址' });
  });
});

describe('withoutEnglishDescriptions', () => {
  it('drops the description keyword everywhere but keeps a property named description, and leaves the schema itself alone', () => {
    const schema = {
      description: 'Steps.',
      properties: { steps: { type: 'array', description: 'The steps.', items: { type: 'object', properties: { description: { type: 'string', description: 'One line.' } } } } },
    };
    const copy = withoutEnglishDescriptions(schema);
    expect(copy).toEqual({ properties: { steps: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' } } } } } });
    expect(schema.properties.steps.description).toBe('The steps.');
  });
});

describe("the studio model's Chinese texts", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-texts-'));
  fs.cpSync('regions', root, { recursive: true });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives each flag its Chinese title and description, each block type its Chinese description, each status input its default wording', () => {
    const model = new StudioSession(root, 'lantian').model();
    expect(model.settings.flags.find((f) => f.name === 'homeShowLogin')).toMatchObject({ title: '首页显示登录框', description: expect.stringMatching(CHINESE) });
    for (const flag of model.settings.flags) expect(flag.description, flag.name).toMatch(CHINESE);
    for (const type of model.catalog) expect(type.description, type.type).toMatch(CHINESE);
    expect(model.settings.statusFields.map((s) => s.number)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(model.settings.statusFields.find((s) => s.number === '4')).toMatchObject({ title: '报名中' });
    // 7, 8 and 9 all read 已成交 by default: the titles say which is which.
    expect(new Set(model.settings.statusFields.filter((s) => ['7', '8', '9'].includes(s.number)).map((s) => s.title)).size).toBe(3);
  });

  it('names each call the picker offers and each site-data key by its Chinese name', () => {
    const model = new StudioSession(root, 'lantian').model();
    expect(model.calls.newsList).toEqual({ title: '文章列表', description: expect.stringMatching(CHINESE) });
    for (const call of model.catalog.flatMap((t) => t.source?.calls ?? [])) expect(model.calls[call]?.title, call).toMatch(CHINESE);
    expect(model.settings.siteDataTitles.zhengcefagui).toBe('政策法规');
    for (const key of model.settings.siteDataKeys) expect(model.settings.siteDataTitles[key], key).toMatch(CHINESE);
  });
});
