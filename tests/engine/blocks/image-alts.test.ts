import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every picture a block draws says what it shows (a non-empty alt) or is marked decorative for every reader: an empty
 * alt together with aria-hidden="true" or role="presentation". A source check: the blocks are few and JSX `<img>` is
 * how they all draw pictures.
 */
function imageProblems(source: string, file: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(/<img\b[\s\S]*?\/>/g)) {
    const tag = match[0];
    const line = source.slice(0, match.index).split('\n').length;
    const where = `${file}:${line}`;
    if (!/\balt=/.test(tag)) problems.push(`${where}: <img> without alt`);
    else if (/\balt=""/.test(tag) && !/aria-hidden="true"|role="presentation"/.test(tag))
      problems.push(`${where}: decorative <img alt=""> not hidden (aria-hidden="true" or role="presentation")`);
    else if (/\balt=\{?["'`]\s*["'`]\}?/.test(tag) && !/\balt=""/.test(tag)) problems.push(`${where}: blank alt`);
  }
  return problems;
}

function blockSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return blockSources(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('pictures drawn by blocks', () => {
  it('the check finds a picture without alt and an unhidden decorative one', () => {
    expect(
      imageProblems(
        '<div>\n<img src={a} />\n<img src={b} alt="" />\n<img src={c} alt="" aria-hidden="true" />\n<img src={d} alt={title} /></div>',
        'planted.tsx',
      ),
    ).toEqual(['planted.tsx:2: <img> without alt', 'planted.tsx:3: decorative <img alt=""> not hidden (aria-hidden="true" or role="presentation")']);
  });

  it('every <img> in blocks/ has a meaningful alt or is hidden as decoration', () => {
    const files = blockSources(path.resolve('blocks'));
    expect(files.length).toBeGreaterThan(30);
    const problems = files.flatMap((file) => imageProblems(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file)));
    expect(problems).toEqual([]);
  });
});
