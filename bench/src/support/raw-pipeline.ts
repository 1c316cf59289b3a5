import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { splitSentences } from '@docent/text-segmentation';
import type { RawPipelineFigures } from './raw-pipeline-process';
import { modelEnvironment } from './shared-data';

export interface RawPipelineRate extends RawPipelineFigures {
  threads: number;
  spinning: boolean;
  wordsPerSecond: number;
  wordsPerCpuSecond: number;
}

/**
 * The reference the service's ingestion is measured against: transformers.js's pipeline on
 * `passages` in batches of 32, in a process of its own (`raw-pipeline-process`), with `threads`
 * ONNX threads; `spinning: false` turns ONNX Runtime's thread spinning off (the library's
 * default is on).
 */
export async function rawPipelineRate(
  passages: string[],
  { threads, spinning = true }: { threads: number; spinning?: boolean },
): Promise<RawPipelineRate> {
  const dir = mkdtempSync(join(tmpdir(), 'docent-bench-raw-'));
  try {
    const passagesFile = join(dir, 'passages.json');
    writeFileSync(passagesFile, JSON.stringify(passages));
    const model = modelEnvironment();
    const job = {
      passagesFile,
      modelsDir: model.DOCENT_MODELS_DIR,
      model: model.DOCENT_EMBEDDING_MODEL,
      dtype: model.DOCENT_EMBEDDING_DTYPE || 'fp32',
      threads,
      spinning: spinning ? '1' : '0',
      batchSize: 32,
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(__dirname, 'raw-pipeline-process.js'), JSON.stringify(job)],
      { maxBuffer: 1024 * 1024 },
    );
    const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as RawPipelineFigures;
    return {
      ...figures,
      threads,
      spinning,
      wordsPerSecond: figures.words / figures.seconds,
      wordsPerCpuSecond: figures.words / figures.cpuSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two measurements of the same reference as one: total words over total time. */
export function combinedRate(a: RawPipelineRate, b: RawPipelineRate): RawPipelineRate {
  const words = a.words + b.words;
  const seconds = a.seconds + b.seconds;
  const cpuSeconds = a.cpuSeconds + b.cpuSeconds;
  return {
    ...a,
    words,
    seconds,
    cpuSeconds,
    wordsPerSecond: words / seconds,
    wordsPerCpuSecond: words / cpuSeconds,
  };
}

/** Whole sentences packed into passages of at most `maxWords` words (a longer sentence alone). */
export function passagesOfWords(text: string, maxWords = 100): string[] {
  const passages: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of splitSentences(text)) {
    const count = countWords(sentence);
    if (words + count > maxWords && current.length > 0) {
      passages.push(current.join(' '));
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += count;
  }
  if (current.length > 0) passages.push(current.join(' '));
  return passages;
}

/**
 * A text's words in passages of about `words` words: as many passages as `words` goes into its
 * word count (rounded, at least one), of equal size give or take a word. Batches of such
 * passages carry almost no padding: the raw embedder at its best per word.
 */
export function passagesOfAbout(text: string, words = 100): string[] {
  const all = text.split(/\s+/).filter(Boolean);
  const count = Math.max(1, Math.round(all.length / words));
  return Array.from({ length: count }, (_, i) =>
    all
      .slice(Math.round((i * all.length) / count), Math.round(((i + 1) * all.length) / count))
      .join(' '),
  ).filter((passage) => passage.length > 0);
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
