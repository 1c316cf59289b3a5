import { ExtractiveAnswerer } from '@docent/answerers';
import { AskService } from '@docent/retrieval';
import type { Runtime } from '@docent/runtime';
import { percentile, round } from '../support/stats';
import { type AnswererSettings, configuredAnswering } from './ask-services';

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
}

/** One stage of the first asks (the service's `Server-Timing` rows), per ask. */
export interface StageFigures {
  stage: string;
  /** Wall clock: mean and median per ask. */
  meanMs: number;
  p50Ms: number;
  /** The process's CPU (every thread) during the stage, mean per ask. */
  cpuMs: number;
}

export interface ColdAskScores {
  questions: number;
  /** Where the first asks' time went, stage by stage, in the order each stage was first seen. */
  stages: StageFigures[];
  /** The process's CPU per first ask, mean. */
  cpuMsPerAsk: number;
  /** Distinct questions, one at a time, first asks of this process: the production cache fills as it goes. */
  firstAsks: LatencyFigures;
  /**
   * The in-process sentence-vector cache off: sentences read their vectors as stored at
   * ingestion, and only those stored without one are embedded. Left out where asked to be.
   */
  uncached?: LatencyFigures;
  /** The same questions again. */
  repeated: LatencyFigures;
  /** What one uncached ask sends to the embedder besides the question, on average. */
  embeddedPerAsk?: { sentences: number; words: number; tokens: number };
}

/**
 * Ask latency when nothing is cached (hybrid, top_k 5, one ask at a time). Run first in a fresh
 * process, it measures what a user meets after a restart; the uncached pass, with the in-process
 * sentence-vector cache off, reads every sentence's vector as stored at ingestion and counts what
 * the answerer still embeds per ask (chunks stored without vectors). `uncachedPass: false` skips
 * it where it would only repeat what another collection's pass showed.
 */
export async function coldAsks(
  runtime: Runtime,
  accountId: string,
  collection: string,
  questions: string[],
  settings: AnswererSettings = {},
  { uncachedPass = true }: { uncachedPass?: boolean } = {},
): Promise<ColdAskScores> {
  const distinct = [...new Set(questions)];
  const counted = { sentences: 0, words: 0, tokens: 0 };
  const askWith = (cacheSize: number | undefined, count: boolean) => {
    const answerer = new ExtractiveAnswerer({
      ...configuredAnswering(runtime),
      ...settings,
      ...(cacheSize !== undefined && { cacheSize }),
      embedTexts: (texts) => {
        if (count) {
          counted.sentences += texts.length;
          for (const text of texts) {
            counted.words += text.split(/\s+/).filter(Boolean).length;
            counted.tokens += runtime.embedder.countTokens(text);
          }
        }
        return runtime.embedder.embedDocuments(texts);
      },
      embedQuery: (text) => runtime.embedder.embedQuery(text),
    });
    return new AskService(
      runtime.store.catalog,
      runtime.index,
      runtime.embedder,
      answerer,
      runtime.resolver,
      {
        mode: 'hybrid',
        vectorWeight: runtime.config.vectorWeight,
        fusion: runtime.config.fusion,
        stageCpu: true,
      },
    );
  };
  const stages = new Map<string, { ms: number[]; cpuMs: number }>();
  let cpuMs = 0;
  const timed = async (ask: AskService, byStage = false): Promise<LatencyFigures> => {
    const latencies: number[] = [];
    for (const question of distinct) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await ask.ask(accountId, {
        namespaceName: 'bench',
        collectionName: collection,
        question,
        topK: 5,
      });
      latencies.push(performance.now() - started);
      if (!byStage) continue;
      const used = process.cpuUsage(cpu);
      cpuMs += (used.user + used.system) / 1000;
      for (const stage of result.timings.stages) {
        const entry = stages.get(stage.name) ?? { ms: [], cpuMs: 0 };
        entry.ms.push(stage.ms);
        entry.cpuMs += stage.cpuMs ?? 0;
        stages.set(stage.name, entry);
      }
    }
    return {
      p50: round(percentile(latencies, 50), 1),
      p95: round(percentile(latencies, 95), 1),
      p99: round(percentile(latencies, 99), 1),
    };
  };
  const production = askWith(undefined, false);
  const firstAsks = await timed(production, true);
  const uncached = uncachedPass ? await timed(askWith(0, true)) : undefined;
  const repeated = await timed(production);
  const perAsk = (total: number, digits = 1) => round(total / distinct.length, digits);
  // A stage some asks skip (the answer's after a "not found") counts 0 ms in those.
  const padded = (ms: number[]) => [
    ...ms,
    ...new Array<number>(distinct.length - ms.length).fill(0),
  ];
  return {
    questions: distinct.length,
    stages: [...stages].map(([stage, { ms, cpuMs: cpu }]) => ({
      stage,
      meanMs: perAsk(
        ms.reduce((a, b) => a + b, 0),
        2,
      ),
      p50Ms: round(percentile(padded(ms), 50), 2),
      cpuMs: perAsk(cpu, 2),
    })),
    cpuMsPerAsk: perAsk(cpuMs),
    firstAsks,
    ...(uncached && {
      uncached,
      embeddedPerAsk: {
        sentences: perAsk(counted.sentences),
        words: perAsk(counted.words),
        tokens: perAsk(counted.tokens),
      },
    }),
    repeated,
  };
}
