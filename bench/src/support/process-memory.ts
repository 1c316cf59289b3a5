import { readFileSync } from 'node:fs';

/** Resident and peak resident memory of a process (Linux /proc), in MiB; NaN elsewhere. */
export function processMemoryMiB(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/**
 * CPU time a process has used (user + system, all its threads), in seconds; NaN off Linux. On
 * a machine shared with other work, CPU time per unit of work is steadier than wall time.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time one thread of a process has used (Linux `/proc/<pid>/task/<tid>/schedstat`, in
 * nanoseconds), in seconds; the main thread's id is the process's. NaN elsewhere.
 */
export function threadCpuSecondsOf(pid: number, tid: number = pid): number {
  try {
    const schedstat = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8');
    return Number(schedstat.split(' ')[0]) / 1e9;
  } catch {
    return Number.NaN;
  }
}
