import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIDDERS, type Ready } from './options.js';

/** The bench's entry (scripts/bench/auction.ts), which runs the server side when given --serve. */
const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../auction.ts');

export interface ServerProcess {
  child: ChildProcess;
  ready: Ready;
  /** The next line the server prints that starts with `prefix`. */
  nextLine(prefix: string): Promise<string>;
}

export function startServerProcess(attachUrl?: string): Promise<ServerProcess> {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process(es) there, covering the bid phase only.
  const prof = process.env.BENCH_CPU_PROF ? ['--profile', process.env.BENCH_CPU_PROF] : [];
  const attach = attachUrl ? ['--attach', attachUrl] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, '--serve', '--bidders', String(BIDDERS), ...prof, ...attach], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  const waiting: Array<{ prefix: string; resolve: (line: string) => void }> = [];
  return new Promise((resolve, reject) => {
    const proc: ServerProcess = {
      child,
      ready: undefined as unknown as Ready,
      nextLine: (prefix) => new Promise((res) => waiting.push({ prefix, resolve: res })),
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('READY ')) {
          proc.ready = JSON.parse(line.slice(6)) as Ready;
          resolve(proc);
        }
        const i = waiting.findIndex((w) => line.startsWith(w.prefix));
        if (i >= 0) waiting.splice(i, 1)[0].resolve(line);
      }
    });
    child.on('exit', (code) => reject(new Error(`server process exited ${code}`)));
  });
}
