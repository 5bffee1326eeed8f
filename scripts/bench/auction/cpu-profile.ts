import fs from 'node:fs';

/** The top self-time functions of a V8 CPU profile, and its time by part of the stack (the first match from the leaf up). */
export function printProfile(file: string): void {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, Node>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const short = (url: string) => url.replace(/.*node_modules\//, '').replace(/^.*?\/(server|scripts)\//, '$1/');
  const part = (n: Node): string | undefined => {
    const { functionName: f, url } = n.callFrame;
    if (url.includes('pglite') || url.startsWith('wasm://')) return 'PGlite（数据库，进程内）';
    if (url.endsWith('auction/hub.ts') && ['flush', 'writeFramed', 'send'].includes(f)) return '广播：逐个套接字写出';
    if (url.endsWith('auction/hub.ts')) return '广播：解析 NOTIFY、构建帧';
    if (/node_modules\/(pg|pg-protocol|pg-pool)\//.test(url)) return 'pg 驱动';
    if (url.includes('node_modules/kysely')) return 'Kysely';
    if (url.includes('node_modules/ws/')) return 'ws（WebSocket）';
    if (/auction\/(bid|bid-statement|bid-refusal|format|transaction|project-scope)\.ts$/.test(url)) return '出价引擎（JS）';
    if (/fastify|find-my-way|avvio|light-my-request|_http_|node:http/.test(url) || url.endsWith('plugins/guards.ts')) return 'HTTP + Fastify + 签名/鉴权钩子';
    return undefined;
  };
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const leaf = byId.get(id)!;
    let name: string | undefined;
    for (let n: Node | undefined = leaf; n && !name; n = parent.get(n.id)) name = part(n);
    if (!name) name = ['(idle)', '(garbage collector)', '(program)'].includes(leaf.callFrame.functionName) ? leaf.callFrame.functionName : '其他';
    byPart.set(name, (byPart.get(name) ?? 0) + us);
    const cf = leaf.callFrame;
    const key = `${cf.functionName || '(anonymous)'}${cf.url ? ` ${short(cf.url)}:${cf.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const row = ([k, us]: [string, number]) => `    ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`;
  console.log(`  CPU 剖析（${file}，出价阶段 ${(total / 1e6).toFixed(1)} s）按调用栈归类：`);
  for (const e of [...byPart].sort((a, b) => b[1] - a[1])) console.log(row(e));
  console.log('  自身耗时最多的函数：');
  for (const e of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(row(e));
}
