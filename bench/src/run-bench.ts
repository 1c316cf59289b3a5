import { ingestThroughput } from './suites/ingest-throughput';
import { scaleThroughput } from './suites/scale-throughput';
import { printTable, writeResults, type BenchRow } from './support/report';

const SUITES: Record<string, (options: { limit?: number }) => Promise<BenchRow[]>> = {
  ingest: ingestThroughput,
  scale: scaleThroughput,
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const limit = value('--limit') ? Number(value('--limit')) : undefined;
  const names = value('--suite')?.split(',') ?? ['ingest'];
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown suite ${name}; known: ${Object.keys(SUITES).join(', ')}`);
    const rows = await suite({ limit });
    printTable(`bench: ${name}`, rows);
    console.log(`\nwrote ${writeResults(name, rows)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
