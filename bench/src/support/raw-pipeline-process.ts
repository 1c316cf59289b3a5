// The raw embedder as a process of its own, so its CPU time is its alone (the bench process
// also serves the fake sources): transformers.js's feature-extraction pipeline as a user of the
// library runs it — mean pooling, normalised, ONNX Runtime's defaults but for the thread count —
// on passages read from a JSON file, in batches of 32. Prints one JSON line with its figures.
import { readFileSync } from 'node:fs';
import { env, pipeline } from '@huggingface/transformers';
import { countWords } from './raw-pipeline';

interface Job {
  passagesFile: string;
  modelsDir: string;
  model: string;
  dtype: 'fp32' | 'fp16' | 'q8';
  threads: number;
  /** '0' turns ONNX Runtime's thread spinning off, as the service's embedder does. */
  spinning: '0' | '1';
  batchSize: number;
}

export interface RawPipelineFigures {
  passages: number;
  words: number;
  seconds: number;
  /** CPU time of this process (every thread) during the timed batches. */
  cpuSeconds: number;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as Job;
  const passages = JSON.parse(readFileSync(job.passagesFile, 'utf8')) as string[];
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = job.modelsDir;
  const extract = await pipeline('feature-extraction', job.model, {
    dtype: job.dtype,
    session_options: {
      intraOpNumThreads: job.threads,
      interOpNumThreads: 1,
      ...(job.spinning === '0' && {
        extra: {
          session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } },
        },
      }),
    },
  });
  const run = (batch: string[]) => extract(batch, { pooling: 'mean', normalize: true });
  // One batch first: the session's first run allocates what later runs reuse.
  await run(passages.slice(0, job.batchSize));
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < passages.length; i += job.batchSize) {
    await run(passages.slice(i, i + job.batchSize));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const figures: RawPipelineFigures = {
    passages: passages.length,
    words: passages.reduce((sum, passage) => sum + countWords(passage), 0),
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  console.log(JSON.stringify(figures));
  await extract.dispose();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
