import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = path.resolve('node_modules/.bin/tsx');
const run = (...args: string[]) => spawnSync(tsx, ['scripts/validate-regions.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run validate:regions', () => {
  it('exits 0 on the demo regions with a summary in Chinese', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('5 个区域配置无误（chunan、chunan-dev、lantian、shouguang、xinyang），默认区域 chunan');
  });

  it('exits 1 on a broken case, printing file:line:column, where in Chinese, the message and the nearest name', () => {
    const result = run('tests/regions/broken/misspelt-flag');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'tests/regions/broken/misspelt-flag/demo/region.yaml:4:3  功能开关 homeShowLogn：不认识的功能开关“homeShowLogn”（是否应为 homeShowLogin？）',
    );
    expect(result.stderr).toContain('1 个文件中共有 1 处错误');
  });

  it('--lang en prints the engineers\' form: file:line:column  path  message (did you mean X?)', () => {
    const result = run('--lang', 'en', 'tests/regions/broken/misspelt-flag');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'tests/regions/broken/misspelt-flag/demo/region.yaml:4:3  flags.homeShowLogn  unknown flag "homeShowLogn" (did you mean homeShowLogin?)',
    );
    expect(result.stderr).toContain('1 problem in 1 file');
  });
});
