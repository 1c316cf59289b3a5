import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname, cpus } from 'node:os';
import { join } from 'node:path';

export interface BenchRow {
  metric: string;
  value: number | string;
  unit: string;
  note?: string;
}

export function printTable(title: string, rows: BenchRow[]): void {
  const width = Math.max(...rows.map((r) => r.metric.length), 6);
  const valueWidth = Math.max(...rows.map((r) => String(r.value).length), 5);
  console.log(`\n${title}\n${'-'.repeat(title.length)}`);
  for (const row of rows) {
    console.log(
      `${row.metric.padEnd(width)}  ${String(row.value).padStart(valueWidth)} ${row.unit.padEnd(10)}${row.note ? `  ${row.note}` : ''}`,
    );
  }
}

/** Writes the figures with the machine they were measured on. */
export function writeResults(
  suite: string,
  rows: BenchRow[],
  extra: Record<string, unknown> = {},
): string {
  const dir = join(__dirname, '..', '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        suite,
        measuredAt: new Date().toISOString(),
        machine: {
          host: hostname(),
          cpus: cpus().length,
          cpu: cpus()[0]?.model,
          node: process.version,
        },
        rows,
        ...extra,
      },
      null,
      2,
    ) + '\n',
  );
  return file;
}
