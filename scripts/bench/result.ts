/**
 * The one line every benchmark ends with, for `npm run bench` (scripts/bench/report.ts) to collect:
 * `RESULT {"bench":"api","figures":[{"name":"uncached p99","value":41,"unit":"ms","goal":{"at":"most","value":50}}]}`.
 *
 * @example
 * printResult({ bench: 'api', figures: [{ name: 'cached p99', value: 12.5, unit: 'ms', goal: { at: 'most', value: 20 } }] });
 */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The goal: the figure must be at most (latency, bytes) or at least (throughput) this value. */
  goal?: { at: 'most' | 'least'; value: number };
}

export interface BenchResult {
  bench: string;
  /** One sentence on what was measured: data size, connections, viewers, loads. */
  setup?: string;
  figures: BenchFigure[];
  /** Where a goal is missed: what the benchmark found limits it (a profile's finding, not a guess). */
  limits?: string[];
}

export function met(figure: BenchFigure): boolean | undefined {
  if (!figure.goal) return undefined;
  return figure.goal.at === 'most' ? figure.value <= figure.goal.value : figure.value >= figure.goal.value;
}

/** Prints the RESULT line (last, after the benchmark's own printout). */
export function printResult(result: BenchResult): void {
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/** Reads a RESULT line back; throws on anything that is not one. */
export function parseResult(line: string): BenchResult {
  const value = JSON.parse(line.replace(/^RESULT /, '')) as BenchResult;
  if (typeof value?.bench !== 'string' || !Array.isArray(value.figures)) throw new Error('expected {bench, figures[]}');
  for (const f of value.figures) if (typeof f.name !== 'string' || typeof f.value !== 'number') throw new Error(`bad figure ${JSON.stringify(f)}`);
  return value;
}

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toString() : Number(v.toPrecision(3)).toString());

/** A figure as the report's table cells. */
export function formatFigure(figure: BenchFigure): { name: string; measured: string; goal: string; met: string } {
  const ok = met(figure);
  return {
    name: figure.name,
    measured: `${round(figure.value)} ${figure.unit}`,
    goal: figure.goal ? `${figure.goal.at === 'most' ? '≤' : '≥'} ${figure.goal.value} ${figure.unit}` : '—',
    met: ok === undefined ? '' : ok ? 'yes' : '**no**',
  };
}
