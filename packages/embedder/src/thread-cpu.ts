import { openSync, readSync } from 'node:fs';

// Module state is per thread: a worker thread loads its own copy and opens its own file.
let schedstat: number | null | undefined;
const buffer = Buffer.alloc(64);

/**
 * CPU time the calling thread has used, in seconds. On Linux the kernel's count for this thread
 * (`/proc/thread-self/schedstat`, nanoseconds on a CPU), read through a descriptor opened once
 * (about 15 µs a read); elsewhere the process's CPU time, which counts every thread, so figures
 * split by stage are only exact on Linux.
 */
export function threadCpuSeconds(): number {
  if (schedstat === undefined) {
    try {
      schedstat = openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      schedstat = null;
    }
  }
  if (schedstat !== null) {
    const length = readSync(schedstat, buffer, 0, buffer.length, 0);
    const nanoseconds = Number(buffer.toString('latin1', 0, length).split(' ')[0]);
    if (Number.isFinite(nanoseconds)) return nanoseconds / 1e9;
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
