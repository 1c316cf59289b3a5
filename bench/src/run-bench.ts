import { ingestThroughput } from './suites/ingest-throughput';
import { scaleThroughput } from './suites/scale-throughput';
import { answerQuality } from './suites/answer-quality';
import { notionThroughput } from './suites/notion-throughput';
import { elasticsearchComparison } from './suites/elasticsearch-comparison';
import { answerSets } from './suites/answer-sets';
import { streamingLatency } from './suites/streaming-latency';
import { elasticsearchCollections } from './suites/elasticsearch-collections';
import { fairness } from './suites/fairness';
import { cpuPerWord } from './suites/cpu-per-word';
import { printTable, writeResults, type BenchRow } from './support/report';

type Suite = (options: {
  limit?: number;
  noScifact?: boolean;
  keepData?: string;
  pages?: number;
  parts?: string;
}) => Promise<BenchRow[] | { rows: BenchRow[]; details: Record<string, unknown> }>;

const SUITES: Record<string, Suite> = {
  ingest: ingestThroughput,
  scale: scaleThroughput,
  quality: answerQuality,
  notion: notionThroughput,
  elasticsearch: elasticsearchComparison,
  answers: answerSets,
  stream: streamingLatency,
  'es-collections': elasticsearchCollections,
  fairness,
  'cpu-per-word': cpuPerWord,
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
    const result = await suite({
      limit,
      noScifact: args.includes('--no-scifact'),
      keepData: value('--keep-data'),
      pages: value('--pages') ? Number(value('--pages')) : undefined,
      parts: value('--parts'),
    });
    const { rows, details } = Array.isArray(result) ? { rows: result, details: {} } : result;
    printTable(`bench: ${name}`, rows);
    console.log(
      `\nwrote ${writeResults(name, rows, {
        options: {
          limit: limit ?? null,
          pages: value('--pages') ?? null,
          parts: value('--parts') ?? null,
        },
        details,
      })}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
