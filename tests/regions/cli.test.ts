import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = path.resolve('node_modules/.bin/tsx');
const run = (dir?: string) =>
  spawnSync(tsx, ['scripts/validate-regions.ts', ...(dir ? [dir] : [])], { encoding: 'utf8', timeout: 60_000 });

describe('npm run validate:regions', () => {
  it('exits 0 on the demo regions with a summary', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('5 regions valid (chunan, chunan-dev, lantian, shouguang, xinyang); default chunan');
  });

  it('exits 1 on a broken case, printing file:line:column  path  message (did you mean X?)', () => {
    const result = run('tests/regions/broken/misspelt-flag');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'tests/regions/broken/misspelt-flag/demo/region.yaml:4:3  flags.homeShowLogn  unknown flag "homeShowLogn" (did you mean homeShowLogin?)',
    );
    expect(result.stderr).toContain('1 problem in 1 file');
  });
});
