import fs from 'node:fs';

/** USER_HZ is 100 on Linux: /proc's CPU times are in hundredths of a second. */
const MS_PER_TICK = 10;

/** Sums utime + stime (ms) of the processes `pick` accepts, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pick: (comm: string, fields: string[]) => boolean): number {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // a process that ended meanwhile
      }
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      if (pick(stat.slice(stat.indexOf('(') + 1, close), fields)) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * MS_PER_TICK;
  } catch {
    return NaN;
  }
}

/** CPU time (ms) of every process in a process group. */
export const groupCpuMs = (pgid: number): number => cpuMsOf((_, fields) => Number(fields[2]) === pgid);

/**
 * CPU time (ms) of this machine's PostgreSQL server processes (backends, WAL writer, the listeners' backends): the
 * database's share of the cores, which no server process's own figure shows.
 */
export const postgresCpuMs = (): number => cpuMsOf((comm) => comm === 'postgres');
