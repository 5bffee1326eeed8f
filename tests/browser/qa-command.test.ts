import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// npm run qa on a regions folder with three planted defects: a footer link to a route no page declares, a home block
// whose call answers an error, and a header colour white text is hard to read on. Each is found, with the YAML line
// that made it, in the JUnit file, the JSON summary and the gallery; the exit code says so.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-qa-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function plantedRegions(): { dir: string; footerLine: number; blockLine: number; themeLine: number } {
  const dir = path.join(work, 'regions');
  fs.mkdirSync(dir);
  fs.cpSync('regions/_base', path.join(dir, '_base'), { recursive: true });
  fs.cpSync('regions/lantian', path.join(dir, 'lantian'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'deployment.yaml'), 'defaultRegion: lantian\nhosts: {}\n');
  const regionFile = path.join(dir, 'lantian', 'region.yaml');
  // No header picture: the walk measures the header's own colours in the browser, as drawn.
  const lines = fs
    .readFileSync(regionFile, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('homeBackImg:'));
  const at = lines.findIndex((l) => l.startsWith('footList:')) + 1;
  lines.splice(at, 0, '  - { text: 办事指南, href: /banshizhinan }');
  // A pale green header under the default white text: 1.6:1.
  lines.push('theme:', '  headerBackground: "#a6d8b8"');
  fs.writeFileSync(regionFile, `${lines.join('\n')}\n`);
  const home = path.join(dir, 'lantian', 'pages', 'home.yaml');
  const text = fs.readFileSync(home, 'utf8').trimEnd();
  fs.writeFileSync(
    home,
    `${text}\n  - type: article-list\n    props: { title: 出错的栏目, rows: 5 }\n    source: { call: newsDetail, body: { id: 999999999 } }\n`,
  );
  return { dir, footerLine: at + 1, blockLine: text.split('\n').length + 1, themeLine: lines.length };
}

describe('npm run qa', () => {
  it('finds a link to an undeclared page, a block in an error state and a low-contrast header, each at its YAML line, in every report', () => {
    const { dir, footerLine, blockLine, themeLine } = plantedRegions();
    const out = path.join(work, 'report');
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/qa/index.ts', dir, '--out', out, '--base', work], {
      encoding: 'utf8',
      timeout: 600_000,
      env: { ...process.env, GITHUB_ACTIONS: 'true' },
    });
    expect(run.status, run.stderr).toBe(1);

    const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(new RegExp(`<testcase classname="lantian" name="/banshizhinan" file="regions/lantian/region.yaml" line="${footerLine}">`));
    expect(junit).toContain('页面不存在');
    // The validator names the same link before any walk; the walk still runs, a dead link leaving every page served.
    expect(junit).toContain('站内地址“/banshizhinan”没有对应的页面');
    expect(junit).toMatch(new RegExp(`<testcase classname="lantian" name="/" file="regions/lantian/pages/home.yaml" line="${blockLine}">`));
    expect(junit).toContain('区块显示出错');
    // The header colour: measured from the theme at its line, and in the portal as drawn (the colour really applies).
    expect(junit).toMatch(new RegExp(`<testcase classname="lantian" name="\\(配色\\)" file="regions/lantian/region.yaml" line="${themeLine}">`));
    expect(junit).toContain('页头文字在页头背景上的对比度只有 1.');
    // Every other screen of the region passed: the walk went on past the defects.
    expect(Number(/<testsuite name="lantian" tests="(\d+)"/.exec(junit)![1])).toBeGreaterThan(30);

    const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8')) as {
      ok: boolean;
      failures: Array<{ name: string; where?: { file: string; line: number }; failures: string[] }>;
    };
    expect(summary.ok).toBe(false);
    expect(summary.failures.map((f) => [f.name, f.where?.file, f.where?.line])).toEqual(
      expect.arrayContaining([
        ['/banshizhinan', 'regions/lantian/region.yaml', footerLine],
        ['/', 'regions/lantian/pages/home.yaml', blockLine],
        ['(配色)', 'regions/lantian/region.yaml', themeLine],
      ]),
    );
    // The walk found the header's text under 4.5:1 on a screen as drawn, pointed at the theme's line, and told it on
    // that one screen only (normal and elder mode), not on every screen that shows the header.
    const drawn = summary.failures.filter((f) => f.name !== '(配色)' && f.failures.some((p) => /对比度|color-contrast/.test(p) && p.includes('tm-header')));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length, JSON.stringify(drawn.slice(0, 4).map((f) => [f.name, f.failures]))).toBeLessThanOrEqual(2);
    expect(drawn[0].where).toEqual(expect.objectContaining({ file: 'regions/lantian/region.yaml', line: themeLine }));
    expect(run.stdout).toContain(`::error file=regions/lantian/region.yaml,line=${footerLine},`);

    const gallery = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(gallery).toContain('区域配置检查报告');
    expect(gallery).toContain(`regions/lantian/region.yaml:${footerLine}`);
    expect(gallery).toContain(`regions/lantian/region.yaml:${themeLine}`);
    expect(gallery).toContain('页头文字在页头背景上的对比度只有');
    const shots = [...gallery.matchAll(/<img src="(screens\/[^"]+)"/g)].map((m) => m[1]);
    expect(shots.length).toBeGreaterThan(10);
    for (const shot of shots.slice(0, 5)) expect(fs.statSync(path.join(out, shot)).size).toBeGreaterThan(1000);
  }, 900_000);

  it('--changed walks only the region whose folder changed since a git ref', () => {
    const repo = path.join(work, 'repo');
    fs.mkdirSync(path.join(repo, 'regions'), { recursive: true });
    for (const folder of ['_base', 'lantian', 'xinyang']) fs.cpSync(path.join('regions', folder), path.join(repo, 'regions', folder), { recursive: true });
    fs.writeFileSync(path.join(repo, 'regions', 'deployment.yaml'), 'defaultRegion: lantian\nhosts: {}\n');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=QA', '-c', 'user.email=qa@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: repo });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'regions');
    fs.appendFileSync(path.join(repo, 'regions', 'xinyang', 'region.yaml'), '\ntheme:\n  primary: "#1d4ed8"\n');

    const out = path.join(work, 'changed');
    const run = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/qa/index.ts', path.join(repo, 'regions'), '--changed', 'HEAD', '--base', repo, '--out', out],
      {
        encoding: 'utf8',
        timeout: 600_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8')) as { regions: string[] };
    expect(summary.regions).toEqual(['xinyang']);
    const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(Number(/<testsuite name="xinyang" tests="(\d+)"/.exec(junit)?.[1])).toBeGreaterThan(30);
    expect(junit).not.toContain('<testsuite name="lantian"');
  }, 900_000);

  it('--only validate checks the files alone, fast, and passes on regions/', () => {
    const out = path.join(work, 'validate');
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/qa/index.ts', 'regions', '--only', 'validate', '--out', out], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(out, 'junit.xml'), 'utf8')).toContain('failures="0"');
  });
});
