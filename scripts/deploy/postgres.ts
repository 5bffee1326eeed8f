/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package) on 127.0.0.1, as scripts/with-postgres.sh starts one:
 * a fresh data folder, trust authentication on loopback, fsync off; stopped and removed by stop().
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
  /** The same, synchronously: for a process 'exit' handler, where nothing asynchronous runs. */
  stopNow(): void;
  /** An outage: the server shut down (fast: connections cut), its data kept for resume(). */
  halt(): Promise<void>;
  resume(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('未安装 PostgreSQL：请运行 apt-get install -y postgresql');
  return path.join(root, newest, 'bin');
}

/** initdb refuses to run as root: as root, the postgres account runs the server's commands. */
const asPostgresArgs = (command: string): [string, string[]] =>
  process.getuid?.() === 0 ? ['su', ['postgres', '-s', '/bin/bash', '-c', command]] : ['bash', ['-c', command]];

async function asPostgres(command: string): Promise<void> {
  await run(...asPostgresArgs(command));
}

export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-pg.'));
  if (process.getuid?.() === 0) await run('chown', ['postgres', dataDir]);
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k /tmp -c max_connections=200 -c fsync=off`;
  const startCommand = `${bin}/pg_ctl -D ${dataDir} -o '${options}' -l ${dataDir}/server.log -w start >/dev/null`;
  try {
    await asPostgres(`${bin}/initdb -D ${dataDir} -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null`);
    await asPostgres(startCommand);
  } catch (error) {
    const log = path.join(dataDir, 'server.log');
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-5).join('\n') : '';
    remove();
    throw new Error(`PostgreSQL 未能在端口 ${port} 启动（端口被占用？）：${(error as Error).message}\n${tail}`);
  }
  let stopped = false;
  const stopCommand = `${bin}/pg_ctl -D ${dataDir} -m immediate stop >/dev/null`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await asPostgres(stopCommand).catch(() => undefined);
      remove();
    },
    halt: () => asPostgres(`${bin}/pg_ctl -D ${dataDir} -m fast stop >/dev/null`),
    resume: () => asPostgres(startCommand),
    stopNow() {
      if (stopped) return;
      stopped = true;
      try {
        execFileSync(...asPostgresArgs(stopCommand));
      } catch {
        // Already down.
      }
      remove();
    },
  };
}
