import { describe, expect, it } from 'vitest';
import { formatFigure, met, parseResult } from '../../scripts/bench/result.js';

// The RESULT line every benchmark ends with, which `npm run bench` turns into bench/report.md.
describe('benchmark RESULT line', () => {
  it('reads back what a benchmark prints and judges each figure against its goal', () => {
    const result = parseResult(
      'RESULT {"bench":"api","figures":[{"name":"uncached p99","value":61.2,"unit":"ms","goal":{"at":"most","value":50}},{"name":"bids","value":512,"unit":"/s","goal":{"at":"least","value":500}},{"name":"hello","value":21000,"unit":"req/s"}]}',
    );
    expect(result.figures.map(met)).toEqual([false, true, undefined]);
    expect(result.figures.map(formatFigure)).toEqual([
      { name: 'uncached p99', measured: '61.2 ms', goal: '≤ 50 ms', met: '**no**' },
      { name: 'bids', measured: '512 /s', goal: '≥ 500 /s', met: 'yes' },
      { name: 'hello', measured: '21000 req/s', goal: '—', met: '' },
    ]);
  });

  it('refuses a line that is not a result', () => {
    expect(() => parseResult('RESULT {"figures":[]}')).toThrow(/bench/);
    expect(() => parseResult('RESULT {"bench":"x","figures":[{"name":"a","value":"fast"}]}')).toThrow(/bad figure/);
    expect(() => parseResult('RESULT not json')).toThrow();
  });
});
