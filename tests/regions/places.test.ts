import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';

/**
 * places.yaml and the region's deptId/deptCode: each case is a regions folder (file → text) and the exact problems
 * it must give (file relative to the folder, line, column, path, message, suggestion), so a change to any message
 * or position shows up here.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-places-cases-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const BASE = fs.readFileSync(path.resolve('tests/regions/broken/_shared/region.yaml'), 'utf8');

/** A region on the shared valid base with these lines on top (id, deptId, deptCode, lesseeId, cityName…). */
const region = (...lines: string[]) => ['extends: ../_shared/region.yaml', ...lines].join('\n') + '\n';

/** 浙江省 > 杭州市 > 淳安县 > 千岛湖镇, the tree most cases start from. */
const CHUNAN_PLACES = [
  'places:',
  '  - name: 浙江省',
  '    deptId: 33',
  '    deptCode: "330000000000"',
  '    children:',
  '      - name: 杭州市',
  '        deptId: 3301',
  '        deptCode: "330100000000"',
  '        children:',
  '          - name: 淳安县',
  '            deptId: 330127',
  '            deptCode: "330127000000"',
  '            children:',
  '              - { name: 千岛湖镇, deptId: 330127101, deptCode: "330127101000" }',
].join('\n');

/** A problem as pinned here: where, the English text (the Chinese one is pinned in problem-texts.test.ts) and suggestion. */
interface Expected {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  where?: string;
  suggestion?: string;
}

const CASES: Record<string, { files: Record<string, string>; problems: Expected[] }> = {
  'unknown deptId: the nearest declared id is suggested': {
    files: { 'demo/region.yaml': region('id: demo', 'cityName: 建德市', 'deptId: 330182', 'deptCode: "330182000000"'), 'demo/places.yaml': CHUNAN_PLACES },
    problems: [
      { file: 'demo/region.yaml', line: 4, column: 9, path: 'deptId', message: "deptId 330182 is declared in no places.yaml: add the place (with its towns) to places.yaml beside this region's region.yaml", suggestion: '330127 (淳安县)' },
    ],
  },
  'unknown deptId: the place named like the region is suggested': {
    files: { 'demo/region.yaml': region('id: demo', 'cityName: 淳安县', 'deptId: 9'), 'demo/places.yaml': CHUNAN_PLACES },
    problems: [
      { file: 'demo/region.yaml', line: 4, column: 9, path: 'deptId', message: "deptId 9 is declared in no places.yaml: add the place (with its towns) to places.yaml beside this region's region.yaml", suggestion: '330127 (淳安县)' },
    ],
  },
  'unknown deptId: no places.yaml at all': {
    files: { 'demo/region.yaml': region('id: demo') },
    problems: [
      { file: '_shared/region.yaml', line: 4, column: 9, path: 'deptId', message: "deptId 330127 is declared in no places.yaml: add the place (with its towns) to places.yaml beside this region's region.yaml" },
    ],
  },
  'mismatched deptCode: a code declared nowhere': {
    files: { 'demo/region.yaml': region('id: demo', 'deptCode: "330127000001"'), 'demo/places.yaml': CHUNAN_PLACES },
    problems: [
      { file: 'demo/region.yaml', line: 3, column: 11, path: 'deptCode', message: 'deptCode "330127000001" is declared in no places.yaml; this region\'s place 330127 (淳安县) (demo/places.yaml:11) has the code "330127000000"', suggestion: '"330127000000"' },
    ],
  },
  "mismatched deptCode: another place's code": {
    files: { 'demo/region.yaml': region('id: demo', 'deptCode: "330100000000"'), 'demo/places.yaml': CHUNAN_PLACES },
    problems: [
      { file: 'demo/region.yaml', line: 3, column: 11, path: 'deptCode', message: 'deptCode "330100000000" is the code of 3301 (杭州市), not of this region\'s place 330127 (淳安县) (demo/places.yaml:11), whose code is "330127000000"', suggestion: '"330127000000"' },
    ],
  },
  'two regions declaring one place differently (code, level): each difference at its own line, both files named': {
    files: {
      'a/region.yaml': region('id: a'),
      'a/places.yaml': CHUNAN_PLACES,
      'b/region.yaml': region('id: b'),
      'b/places.yaml': [
        'places:',
        '  - name: 浙江省',
        '    deptId: 33',
        '    deptCode: "330000000000"',
        '    children:',
        '      - name: 杭州市',
        '        deptId: 3301',
        '        deptCode: "330100000001"',
        '        level: 3',
      ].join('\n'),
    },
    problems: [
      { file: 'b/places.yaml', line: 8, column: 19, path: 'places[0].children[0].deptCode', where: '杭州市的 deptCode', message: 'place 3301 (杭州市) is also declared at a/places.yaml:7:17 with another deptCode: 330100000001 here, 330100000000 there; declare it alike in both files' },
      { file: 'b/places.yaml', line: 9, column: 16, path: 'places[0].children[0].level', where: '杭州市的 level', message: 'place 3301 (杭州市) is also declared at a/places.yaml:7:17 with another level: 3 here, 2 there; declare it alike in both files' },
    ],
  },
  'a shared county ordered differently in two files': {
    files: {
      'a/region.yaml': region('id: a'),
      'a/places.yaml': CHUNAN_PLACES.replace('            deptId: 330127\n', '            deptId: 330127\n            order: 1\n'),
      'b/region.yaml': region('id: b'),
      'b/places.yaml': CHUNAN_PLACES.replace('            deptId: 330127\n', '            deptId: 330127\n            order: 2\n'),
    },
    problems: [
      { file: 'b/places.yaml', line: 12, column: 20, path: 'places[0].children[0].children[0].order', where: '淳安县的 order', message: 'place 330127 (淳安县) is also declared at a/places.yaml:11:21 with another order: 2 here, 1 there; declare it alike in both files' },
    ],
  },
  "another region's town under the same deptId: a new id, not the same text": {
    files: {
      'a/region.yaml': region('id: a'),
      'a/places.yaml': CHUNAN_PLACES,
      'b/region.yaml': region('id: b'),
      'b/places.yaml': CHUNAN_PLACES.replace('{ name: 千岛湖镇, deptId: 330127101, deptCode: "330127101000" }', '{ name: 千岛湖镇, deptId: 330127101, deptCode: "330127101000" }\n              - { name: 文昌镇, deptId: 330127101, deptCode: "330127102000" }'),
    },
    problems: [
      { file: 'b/places.yaml', line: 15, column: 38, path: 'places[0].children[0].children[0].children[1].deptId', where: '文昌镇的 deptId', message: 'deptId 330127101 is already the id of 千岛湖镇 at a/places.yaml:14:39, a different place than 文昌镇: give one of them an id not used elsewhere' },
    ],
  },
  'one place under two parents': {
    files: {
      'a/region.yaml': region('id: a'),
      'a/places.yaml': CHUNAN_PLACES,
      'b/region.yaml': region('id: b'),
      'b/places.yaml': 'places:\n  - { name: 杭州市, deptId: 3301, deptCode: "330100000000" }\n',
    },
    problems: [
      { file: 'b/places.yaml', line: 2, column: 26, path: 'places[0].deptId', where: '杭州市的 deptId', message: 'place 3301 (杭州市) is also declared at a/places.yaml:7:17 with another parent: （无，树的顶层） here, 浙江省 there; declare it alike in both files' },
    ],
  },
  'duplicate deptCode': {
    files: {
      'demo/region.yaml': region('id: demo'),
      'demo/places.yaml': CHUNAN_PLACES + '\n              - { name: 汾口镇, deptId: 330127102, deptCode: "330127101000" }',
    },
    problems: [
      { file: 'demo/places.yaml', line: 15, column: 59, path: 'places[0].children[0].children[0].children[1].deptCode', message: 'deptCode "330127101000" is already the code of 千岛湖镇 (330127101) at demo/places.yaml:14:39; each place needs its own code' },
    ],
  },
  'places.yaml schema errors: misspelt key, unquoted code, missing deptId, code too short': {
    files: {
      'demo/region.yaml': region('id: demo'),
      'demo/places.yaml': [
        '# yaml-language-server: $schema=../../schemas/places.schema.json',
        'places:',
        '  - nmae: 浙江省',
        '    deptId: 33',
        '    deptCode: 330000000000',
        '    children:',
        '      - { name: 杭州市, deptCode: "3301" }',
      ].join('\n'),
    },
    problems: [
      { file: 'demo/places.yaml', line: 3, column: 5, path: 'places[0].name', message: 'missing required key "name"' },
      { file: 'demo/places.yaml', line: 3, column: 5, path: 'places[0].nmae', message: 'unknown key "nmae"', suggestion: 'name' },
      { file: 'demo/places.yaml', line: 5, column: 15, path: 'places[0].deptCode', message: 'expected text, got number 330000000000; put it in quotes so YAML keeps it as text: deptCode: "330000000000"', suggestion: '"330000000000"' },
      { file: 'demo/places.yaml', line: 7, column: 9, path: 'places[0].children[0].deptId', message: 'missing required key "deptId"' },
      { file: 'demo/places.yaml', line: 7, column: 32, path: 'places[0].children[0].deptCode', message: 'the text "3301" is not in the expected form: the 12-digit statistical code, in quotes: "330127000000"' },
    ],
  },
  'a level not below its parent': {
    files: {
      'demo/region.yaml': region('id: demo'),
      'demo/places.yaml': CHUNAN_PLACES.replace('            deptId: 330127\n', '            deptId: 330127\n            level: 2\n'),
    },
    problems: [
      { file: 'demo/places.yaml', line: 12, column: 20, path: 'places[0].children[0].children[0].level', message: "level 2 is not below its parent 杭州市's level 2; a place sits deeper than the place it is under" },
    ],
  },
  'two regions on one place with different lessee ids': {
    files: { 'a/region.yaml': region('id: a'), 'a/places.yaml': CHUNAN_PLACES, 'b/region.yaml': region('id: b', 'lesseeId: 999') },
    problems: [
      { file: 'b/region.yaml', line: 3, column: 11, path: 'lesseeId', message: 'lesseeId 999 differs from region "a"\'s 102, on the same place 330127 (淳安县): a place has one tenant' },
    ],
  },
};

function problemsOf(name: string): Expected[] {
  const dir = path.join(root, String(Object.keys(CASES).indexOf(name)));
  fs.mkdirSync(path.join(dir, '_shared'), { recursive: true });
  fs.writeFileSync(path.join(dir, '_shared', 'region.yaml'), BASE);
  for (const [file, text] of Object.entries(CASES[name].files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return loadRegionCatalog(dir, { baseDir: dir }).problems.map((p) => ({
    file: p.file,
    line: p.line,
    column: p.column,
    path: p.path,
    message: p.english,
    ...(CASES[name].problems.some((e) => e.where) && p.where ? { where: p.where } : {}),
    ...(p.suggestion ? { suggestion: p.suggestion } : {}),
  }));
}

describe('places.yaml and the regions that name its places', () => {
  it.each(Object.keys(CASES))('%s', (name) => {
    expect(problemsOf(name)).toEqual(CASES[name].problems);
  });

  it('a valid tree gives no problem, and the region place carries its lessee id', () => {
    const dir = path.join(root, 'valid');
    fs.mkdirSync(path.join(dir, '_shared'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'demo'), { recursive: true });
    fs.writeFileSync(path.join(dir, '_shared', 'region.yaml'), BASE);
    fs.writeFileSync(path.join(dir, 'demo', 'region.yaml'), region('id: demo'));
    fs.writeFileSync(path.join(dir, 'demo', 'places.yaml'), CHUNAN_PLACES);
    const catalog = loadRegionCatalog(dir, { baseDir: dir });
    expect(catalog.problems).toEqual([]);
    expect(catalog.places.map((p) => [p.deptId, p.level, p.ancestors, p.lesseeId])).toEqual([
      [33, 1, '0', null],
      [3301, 2, '0,33', null],
      [330127, 3, '0,33,3301', 102],
      [330127101, 4, '0,33,3301,330127', null],
    ]);
  });
});

describe('the demo regions', () => {
  it('declare every place the seed had, one tree, each region on its own place', () => {
    const catalog = loadRegionCatalog('regions');
    expect(catalog.problems).toEqual([]);
    expect(catalog.places).toHaveLength(47);
    const tenants = catalog.places.filter((p) => p.lesseeId !== null).map((p) => [p.deptName, p.deptId, p.level, p.lesseeId]);
    expect(tenants).toEqual([
      ['淳安县', 330127, 3, 102],
      ['蓝田县', 610122, 3, 103],
      ['寿光市', 370783, 3, 104],
      ['信阳市', 4115, 2, 101],
    ]);
  });
});
