import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// A comment says why the code is as it is. "Issue N" or "finding N" says only where a request came from: the
// reader of the code has no issue tracker, and the reason is lost. Code, config and region files are read whole
// (their comments are where such references crept in); Markdown and the specification's texts are not code.
const CODE = /\.(ts|tsx|js|mjs|cjs|css|ya?ml|json|sh)$/;
const REFERENCE = /\b(issue|finding)s?\s*#?\d+/i;

describe('comments', () => {
  it('give the reason, not an issue or finding number', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => CODE.test(file) && !file.startsWith('schemas/types/') && !file.startsWith('schemas/forms/validators/'));
    expect(files.length).toBeGreaterThan(300);
    const found: string[] = [];
    for (const file of files) {
      if (!fs.existsSync(file)) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (REFERENCE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
