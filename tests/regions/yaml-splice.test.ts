import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { countItems, insertItem, moveItem, removeItem, setIn } from '../../engine/region-files/yaml-splice.js';

// The studio's splices on every region file of the repository: an edit changes only its own text, and an edit undone
// by its inverse gives the file back byte for byte.
const files = fs
  .readdirSync('regions', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => path.join('regions', f));

describe('yaml splices', () => {
  it('setting a value to what it is changes nothing, and setting then restoring a value gives the same text', () => {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const value = parse(text) as Record<string, unknown> | null;
      if (!value) continue;
      for (const [key, inner] of Object.entries(value)) {
        expect(setIn(text, [key], inner), `${file} ${key}`).toBe(text);
        if (typeof inner === 'string' || typeof inner === 'number') {
          const changed = setIn(text, [key], '改过');
          expect((parse(changed) as Record<string, unknown>)[key]).toBe('改过');
          expect(setIn(changed, [key], inner), `${file} ${key}`).toBe(text);
        }
      }
    }
  });

  it('moving a block down and back, or removing and reinserting it, gives the file back', () => {
    for (const file of files.filter((f) => f.includes('/pages/'))) {
      const text = fs.readFileSync(file, 'utf8');
      // A block that sets an anchor (&staff) cannot move below its aliases: such a move throws and writes nothing.
      if (/&\w/.test(text)) continue;
      const count = countItems(text, ['blocks']);
      if (count < 2) continue;
      for (let i = 0; i < count - 1; i++) {
        expect(moveItem(moveItem(text, ['blocks'], i, i + 1), ['blocks'], i + 1, i), `${file} #${i}`).toBe(text);
        const { text: without, removed } = removeItem(text, ['blocks'], i);
        expect(countItems(without, ['blocks'])).toBe(count - 1);
        expect(insertItem(without, ['blocks'], i, { lines: removed }), `${file} #${i}`).toBe(text);
      }
    }
  });

  it('writes new values as the files do: short ones in flow style, lists of mappings in block style, quoting where YAML needs it', () => {
    const text = 'a: 1\nb:\n  c: 2\n';
    expect(setIn(text, ['b', 'd'], { number: '010', list: [1, 2] })).toBe('a: 1\nb:\n  c: 2\n  d: { number: "010", list: [1, 2] }\n');
    expect(setIn(text, ['e'], [{ name: '首页', router: '/' }])).toBe('a: 1\nb:\n  c: 2\ne:\n  - name: 首页\n    router: /\n');
    expect(setIn(text, ['b', 'c'], undefined)).toBe('a: 1\nb: {}\n'.replace('b: {}\n', 'b:\n'));
    expect(setIn(text, ['f', 'g'], 'x: y')).toBe('a: 1\nb:\n  c: 2\nf: { g: "x: y" }\n');
  });
});
