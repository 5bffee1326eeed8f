import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutProse } from '../../scripts/console-schemas-plugin.js';

// The console's copy of the API schemas drops the prose and keeps every field, even one called description.
describe('the console’s API schemas', () => {
  it('drop descriptions, summaries, notes and examples, keep titles, choices, bounds and every property name', () => {
    const schema = {
      $defs: {
        Row: {
          title: '行',
          description: 'A row.',
          properties: { description: { title: '说明', type: 'string', maxLength: 200, description: 'Free text.' }, summary: { type: 'string' } },
          examples: [{ description: 'x' }],
        },
      },
      routes: { notes: { summary: 'A route called notes.', notes: 'Prose.', body: { $ref: 'x#/$defs/Row' } } },
    };
    expect(withoutProse(schema)).toEqual({
      $defs: { Row: { title: '行', properties: { description: { title: '说明', type: 'string', maxLength: 200 }, summary: { type: 'string' } } } },
      routes: { notes: { body: { $ref: 'x#/$defs/Row' } } },
    });
  });

  it('keep every title and enum of the real route files', () => {
    const admin = JSON.parse(fs.readFileSync('schemas/api/admin.json', 'utf8'));
    const stripped = JSON.stringify(withoutProse(admin));
    const count = (text: string, key: string) => text.split(`"${key}":`).length - 1;
    for (const key of ['title', 'enum', 'const', '$ref', 'maximum']) expect(count(stripped, key)).toBe(count(JSON.stringify(admin), key));
    expect(count(stripped, 'summary')).toBe(0);
    expect(stripped.length).toBeLessThan(JSON.stringify(admin).length * 0.75);
  });
});
