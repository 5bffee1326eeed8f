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

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a benchmark's own JSON
const most = (value: number): BenchFigure['goal'] => ({ at: 'most', value });
const least = (value: number): BenchFigure['goal'] => ({ at: 'least', value });
const figure = (name: string, value: unknown, unit: string, goal?: BenchFigure['goal']): BenchFigure[] =>
  typeof value === 'number' && Number.isFinite(value) ? [{ name, value, unit, ...(goal ? { goal } : {}) }] : [];

/**
 * The figures of a benchmark that prints its own RESULT shape (bench:bundle, bench:api, bench:auction), each with
 * the goal; a RESULT that already has `figures` is taken as it is.
 */
export function normalise(raw: Raw): BenchResult {
  if ('figures' in raw) return raw as BenchResult;
  const load = raw.loadavg ?? raw.load;
  const loadText = load === undefined ? '' : `; load average ${Array.isArray(load) ? load.join(' ') : load}`;
  if (raw.bench === 'bundle') {
    const g = raw.goals ?? {};
    const figures: BenchFigure[] = [];
    for (const [region, h] of Object.entries(raw.home ?? {}) as Array<[string, Raw]>) {
      figures.push(
        ...figure(`${region} home JS (gzip)`, h.jsKb, 'KB', most(g.jsKb)),
        ...figure(`${region} home CSS (gzip)`, h.cssKb, 'KB', most(g.cssKb)),
        ...figure(`${region} LCP 1×`, h.lcp1, 'ms', most(g.lcp1)),
        ...figure(`${region} last card 1×`, h.lastCard1, 'ms'),
        ...figure(`${region} LCP 4× CPU`, h.lcp4, 'ms', most(g.lcp4)),
        ...figure(`${region} last card 4× CPU`, h.lastCard4, 'ms', most(g.lastCard4)),
      );
    }
    if (raw.routes) {
      figures.push(...figure(`heaviest route first view (${raw.routes.heaviest})`, raw.routes.heaviestKb, 'KB', most(g.jsKb)));
      figures.push(...figure(`routes over ${g.jsKb} KB (of ${raw.routes.count})`, Object.keys(raw.routes.overGoal ?? {}).length, 'routes', most(0)));
    }
    return { bench: 'bundle', setup: `median of ${raw.loads} fresh loads per speed${loadText}`, figures, limits: raw.missed?.length ? [`missed: ${raw.missed.join('; ')}`] : [] };
  }
  if (raw.bench === 'api') {
    const g = raw.goals ?? {};
    return {
      bench: 'api',
      setup: `${raw.database}, ${raw.projects} projects, ${raw.connections} connections, ${raw.seconds} s each${loadText}`,
      figures: [
        ...figure('hello-world', raw.hello?.rps, 'req/s'),
        ...figure('cached list', raw.cached?.rps, 'req/s'),
        ...figure('cached list ÷ hello-world', raw.cached?.vsHello, '×', least(g.cachedVsHello)),
        ...figure('cached list p99', raw.cached?.p99Ms, 'ms', most(g.cachedP99Ms)),
        ...figure('cached list server CPU per request', raw.cached?.cpuUsPerRequest, 'µs'),
        ...figure('uncached list', raw.uncached?.rps, 'req/s'),
        ...figure('uncached list p99', raw.uncached?.p99Ms, 'ms', raw.database === 'postgres' ? most(g.uncachedP99Ms) : undefined),
        ...figure('uncached list errors', raw.uncached?.errors, '', most(0)),
      ],
    };
  }
  if (raw.bench === 'auction') {
    const g = raw.goals ?? {};
    return {
      bench: 'auction',
      setup: `${raw.database}, ${raw.instances ?? 1} instance(s), ${raw.viewers} viewers, ${raw.offeredPerSecond} bids/s offered${loadText}`,
      figures: [
        ...figure('bids handled (accepted or refused)', raw.bidsPerSecond, '/s', least(g.bidsPerSecond)),
        ...figure('broadcast p50', raw.latencyMs?.p50, 'ms'),
        ...figure('broadcast p99', raw.latencyMs?.p99, 'ms', most(g.p99Ms)),
        ...figure('of which: bid accepted → its instance has the NOTIFY, p99', raw.latencyMs?.toInstanceP99, 'ms'),
        ...figure('of which: instance has it → viewer reads it, p99', raw.latencyMs?.toViewerP99, 'ms'),
        ...figure('lost frames', raw.lost, '', most(0)),
        ...figure('duplicate frames', raw.duplicates, '', most(0)),
        ...figure('out of order', raw.outOfOrder, '', most(0)),
        ...figure('request errors', raw.errors, ''),
      ],
    };
  }
  throw new Error(`unknown benchmark ${String(raw.bench)}`);
}

/** Reads a RESULT line back; throws on anything that is not one. */
export function parseResult(line: string): BenchResult {
  const value = normalise(JSON.parse(line.replace(/^RESULT /, '')) as Raw);
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
