import type http from 'node:http';

/** The server's time over the measured window: every query's time by its first words, and every bid request's. */
export class Measurement {
  measuring = false;
  readonly queryTimes = new Map<string, number[]>();
  readonly requestTimes: number[] = [];
  private readonly started = new Map<unknown, { label: string; t: number }>();

  /** A Kysely plugin that sees each query go and come back. */
  readonly queryPlugin = {
    transformQuery: (a: { node: { kind: string; sqlFragments?: readonly string[] }; queryId: unknown }) => {
      if (this.measuring) {
        const label = a.node.kind === 'RawNode' ? (a.node.sqlFragments?.[0] ?? '').replace(/\s+/g, ' ').trim().split('(')[0].slice(0, 40) : a.node.kind;
        this.started.set(a.queryId, { label, t: performance.now() });
      }
      return a.node;
    },
    transformResult: async (a: { queryId: unknown; result: unknown }) => {
      const s = this.started.get(a.queryId);
      if (s) {
        this.started.delete(a.queryId);
        let list = this.queryTimes.get(s.label);
        if (!list) this.queryTimes.set(s.label, (list = []));
        list.push(performance.now() - s.t);
      }
      return a.result;
    },
  };

  /** Times every POST from its arrival to the end of its response, while measuring. */
  timeRequests(server: http.Server): void {
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!this.measuring || req.method !== 'POST') return;
      const t = performance.now();
      res.on('finish', () => this.requestTimes.push(performance.now() - t));
    });
  }

  /** Starts a window afresh. */
  start(): void {
    this.queryTimes.clear();
    this.requestTimes.length = 0;
    this.measuring = true;
  }
}

export const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
};
