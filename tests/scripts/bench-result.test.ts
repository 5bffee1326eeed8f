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

  it("reads the benchmarks' own RESULT shapes with the issue's goals", () => {
    const auction = parseResult(
      'RESULT {"bench":"auction","database":"postgres","instances":2,"viewers":1000,"offeredPerSecond":500,"bidsPerSecond":128,"latencyMs":{"p50":20,"p90":90,"p99":248,"max":400},"lost":0,"duplicates":0,"outOfOrder":0,"errors":0,"goals":{"bidsPerSecond":500,"p99Ms":50}}',
    );
    expect(auction.figures.filter((f) => f.goal).map((f) => [f.name, met(f)])).toEqual([
      ['bids handled (accepted or refused)', false],
      ['broadcast p99', false],
      ['lost frames', true],
      ['duplicate frames', true],
      ['out of order', true],
    ]);
    const api = parseResult(
      'RESULT {"bench":"api","database":"pglite","projects":100000,"connections":100,"seconds":10,"hello":{"rps":20000},"cached":{"rps":7000,"p99Ms":12,"vsHello":0.35},"uncached":{"rps":90,"p99Ms":900,"errors":0},"goals":{"cachedVsHello":0.3,"cachedP99Ms":20,"uncachedP99Ms":50}}',
    );
    // The uncached goal is PostgreSQL's: on PGlite the figure is shown without it.
    expect(api.figures.map((f) => [f.name, met(f)])).toContainEqual(['uncached list p99', undefined]);
    expect(api.figures.map((f) => [f.name, met(f)])).toContainEqual(['cached list ÷ hello-world', true]);
    expect(() => parseResult('RESULT {"bench":"mystery"}')).toThrow(/unknown benchmark/);
  });

  it('refuses a line that is not a result', () => {
    expect(() => parseResult('RESULT {"figures":[]}')).toThrow(/bench/);
    expect(() => parseResult('RESULT {"bench":"api","figures":"none"}')).toThrow();
    expect(() => parseResult('RESULT {"bench":"x","figures":[{"name":"a","value":"fast"}]}')).toThrow(/bad figure/);
    expect(() => parseResult('RESULT not json')).toThrow();
  });
});
