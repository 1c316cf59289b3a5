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
