import fs from 'node:fs';

/** The whole machine's busy and idle CPU ticks (Linux /proc/stat), to show when the cores, not the server, are the limit. */
export function machineTicks(): { busy: number; idle: number } | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    return { busy: cpu.reduce((a, b) => a + b, 0) - idle, idle };
  } catch {
    return undefined;
  }
}
