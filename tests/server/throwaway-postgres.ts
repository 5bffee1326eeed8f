import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest Debian PostgreSQL's bin folder, or undefined when none is installed (apt-get install postgresql). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A PostgreSQL server of a test's own, on a free loopback port, that the test may stop, start, pause and resume
 * (scripts/with-postgres.sh does the same for a whole run). initdb refuses root: as root it runs as `postgres`.
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly bin: string,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(bin: string): Promise<ThrowawayPostgres> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-pg-own-'));
    const pg = new ThrowawayPostgres(bin, dataDir, await freePort());
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dataDir]);
    pg.run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
    pg.startServer();
    return pg;
  }

  private run(tool: string, args: string[]): void {
    const command = [path.join(this.bin, tool), ...args];
    if (process.getuid?.() === 0) {
      const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'ignore' });
    } else execFileSync(command[0], command.slice(1), { stdio: 'ignore' });
  }

  /** Starts the server and waits until it accepts connections. */
  startServer(): void {
    const options = `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dataDir} -c fsync=off -c max_connections=50`;
    this.run('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dataDir, 'server.log'), '-w', 'start']);
  }

  /** Stops the server the way an administrator does (`-m fast`: sessions are ended, 57P01) or crashes it (`immediate`). */
  stopServer(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  /** The postmaster and its children (backends, background workers): what pausing the server means. */
  private processes(): number[] {
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return [];
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // Field 4 of /proc/<pid>/stat is the parent; the command name (field 2) may hold spaces, so split after it.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  /** SIGSTOP: the server keeps its connections but answers nothing, as a hung host or a long GC-like stall would. */
  pause(): void {
    for (const pid of this.processes()) process.kill(pid, 'SIGSTOP');
  }

  resume(): void {
    for (const pid of this.processes().reverse()) process.kill(pid, 'SIGCONT');
  }

  /** Resumes, stops at once and removes the data folder; safe to call whatever state the server is in. */
  destroy(): void {
    try {
      this.resume();
    } catch {
      // already gone
    }
    try {
      this.stopServer('immediate');
    } catch {
      // not running
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
