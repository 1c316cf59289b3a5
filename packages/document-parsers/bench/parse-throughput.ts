// Parse throughput per format over the shared corpus, and the process's peak RSS while the
// largest PDF is parsed. Not a jest test: run `node bench/run-bench.mjs [iterations]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFileParser } from '../src';
import { MIB } from '../src/byte-sizes';
import { CORPUS_DIR, fileOf, MEDIA_TYPES } from '../test/support/corpus';

const LARGEST = 'nist-sp-800-61r2-incident-handling-guide.pdf';

interface Totals {
  files: number;
  pages: number;
  bytes: number;
  ms: number;
  /** CPU time of the whole process (the worker thread does the work); steadier than wall time on a busy machine. */
  cpuMs: number;
}

/** Samples RSS every few milliseconds while `work` runs; the parse itself is in a worker thread. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const iterations = Math.max(1, Number(process.argv[2] ?? 5));
  const files = readdirSync(CORPUS_DIR)
    .filter((name) => MEDIA_TYPES[path.extname(name).slice(1)] && name !== 'MANIFEST.md')
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(CORPUS_DIR, name))) }));
  const largest = files.find((file) => file.name === LARGEST);
  const warmUp = files.find((file) => file.name.endsWith('.pdf') && file !== largest);
  if (!largest || !warmUp) throw new Error(`the PDFs of ${CORPUS_DIR} are missing`);

  // Memory: a fresh worker with pdf.js loaded (by a small PDF), then the largest file.
  const fresh = createFileParser();
  let largestRun: { pages: number; ms: number; idle: number; peak: number };
  try {
    await fresh(fileOf(warmUp.bytes, warmUp.name));
    const idle = process.memoryUsage.rss();
    const started = performance.now();
    const { result, peak } = await peakRss(() => fresh(fileOf(largest.bytes, largest.name)));
    largestRun = { pages: result.pages.length, ms: performance.now() - started, idle, peak };
  } finally {
    await fresh.close();
  }

  const parse = createFileParser();
  try {
    // Load every parser before measuring.
    for (const file of files) await parse(fileOf(file.bytes, file.name));
    const totals = new Map<string, Totals>();
    for (let round = 0; round < iterations; round += 1) {
      for (const file of files) {
        const format = path.extname(file.name).slice(1);
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        const document = await parse(fileOf(file.bytes, file.name));
        const cpu = process.cpuUsage(cpuStart);
        const ms = performance.now() - start;
        const total = totals.get(format) ?? { files: 0, pages: 0, bytes: 0, ms: 0, cpuMs: 0 };
        total.files += 1;
        total.pages += document.pages.length;
        total.bytes += file.bytes.byteLength;
        total.ms += ms;
        total.cpuMs += (cpu.user + cpu.system) / 1000;
        totals.set(format, total);
      }
    }

    console.log(
      `parse throughput, ${iterations} round(s) over ${files.length} corpus files, 1 worker thread`,
    );
    console.log('format  files  pages/round  ms/file  pages/s    MiB/s  cpu-ms/file  pages/cpu-s');
    for (const [format, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
      const seconds = total.ms / 1000;
      console.log(
        [
          format.padEnd(6),
          String(total.files / iterations).padStart(5),
          String(total.pages / iterations).padStart(12),
          (total.ms / total.files).toFixed(1).padStart(8),
          (total.pages / seconds).toFixed(1).padStart(8),
          (total.bytes / MIB / seconds).toFixed(2).padStart(8),
          (total.cpuMs / total.files).toFixed(1).padStart(12),
          (total.pages / (total.cpuMs / 1000)).toFixed(1).padStart(12),
        ].join(' '),
      );
    }
    const { pages, ms, idle, peak } = largestRun;
    console.log(
      `${LARGEST} (${(largest.bytes.byteLength / MIB).toFixed(2)} MiB, ${pages} pages), fresh worker: ` +
        `${ms.toFixed(0)} ms, peak RSS ${(peak / MIB).toFixed(0)} MiB ` +
        `(before: ${(idle / MIB).toFixed(0)} MiB, +${((peak - idle) / MIB).toFixed(0)} MiB)`,
    );
  } finally {
    await parse.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
