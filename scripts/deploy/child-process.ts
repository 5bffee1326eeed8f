/**
 * A long-running child process of the local stack (an instance, nginx): its output kept in a log file and, when asked,
 * echoed with a name in front; readiness polled over HTTP(S); stopped with a signal and, past a grace period, killed.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import readline from 'node:readline';

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  /** The last lines it wrote, for an error message. */
  tail(lines?: number): string;
  /** Signal, then SIGKILL after graceMs; resolves when it has exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function startChild(name: string, command: string, args: string[], options: SpawnOptions & { logFile: string; echo?: (line: string) => void }): Child {
  const out = fs.createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(`${line}\n`);
      options.echo?.(`[${name}] ${line}`);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      out.write(`${error.message}\n`);
      resolve(null);
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    name,
    process: child,
    logFile: options.logFile,
    exited,
    tail(lines = 20) {
      return fs.existsSync(options.logFile) ? fs.readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';
    },
    stop(signal = 'SIGTERM', graceMs = 15_000) {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(signal);
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(timer);
        }
        out.end();
      })();
      return stopping;
    },
  };
}

/** One GET: the status code, or undefined when nothing answered. Self-signed certificates are accepted. */
export function probe(url: string, timeoutMs = 3_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const request = get(url, { rejectUnauthorized: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * Polls until `ready()` says so; fails when the child exits first or the time runs out, quoting its last lines.
 */
export async function waitUntil(child: Child, what: string, ready: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    if (await ready()) return;
    if (exited) throw new Error(`${child.name} 未能启动（${what}），已退出。最后的输出：\n${child.tail()}`);
    if (Date.now() > deadline) throw new Error(`${child.name} 在 ${timeoutMs / 1000} 秒内未就绪（${what}）。最后的输出：\n${child.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
