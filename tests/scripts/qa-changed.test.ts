import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { changedRegions } from '../../scripts/qa/index.js';

// npm run qa -- <dir> --changed <ref>: in a region repository (the regions folder a folder of it, as the CI snippets
// have it), only the regions whose folder changed since the ref are walked; a shared file changes them all.
const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-qa-git-'));
const regionsDir = path.join(repo, 'regions');
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=QA', '-c', 'user.email=qa@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });

beforeAll(() => {
  fs.mkdirSync(regionsDir);
  for (const folder of ['_base', 'lantian', 'xinyang']) fs.cpSync(path.join('regions', folder), path.join(regionsDir, folder), { recursive: true });
  fs.writeFileSync(path.join(regionsDir, 'deployment.yaml'), 'defaultRegion: lantian\nhosts: {}\n');
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'regions');
});
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

const changed = () => changedRegions(loadRegionCatalog(regionsDir, { baseDir: repo }), regionsDir, 'HEAD').sort();

describe('the changed-regions-only mode', () => {
  it('walks nothing when nothing changed', () => {
    expect(changed()).toEqual([]);
  });

  it('walks the one region whose folder changed, committed or not', () => {
    const file = path.join(regionsDir, 'xinyang', 'region.yaml');
    fs.appendFileSync(file, '\ntheme:\n  primary: "#1d4ed8"\n');
    expect(changed()).toEqual(['xinyang']);
    git('commit', '-q', '-am', 'xinyang in blue');
    expect(changedRegions(loadRegionCatalog(regionsDir, { baseDir: repo }), regionsDir, 'HEAD~1')).toEqual(['xinyang']);
  });

  it('walks every region when a shared file changed', () => {
    fs.appendFileSync(path.join(regionsDir, '_base', 'region.yaml'), '\n# shared\n');
    expect(changed()).toEqual(['lantian', 'xinyang']);
    git('checkout', '-q', '--', '.');
    fs.appendFileSync(path.join(regionsDir, 'deployment.yaml'), '# shared\n');
    expect(changed()).toEqual(['lantian', 'xinyang']);
    git('checkout', '-q', '--', '.');
  });
});
