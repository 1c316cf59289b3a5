import { appendFileSync } from 'node:fs';
import {
  type Answer,
  type AnswerOptions,
  type AnswerRequest,
  ExtractiveAnswerer,
  type ExtractiveAnswererOptions,
} from '@docent/answerers';
import { AskService } from '@docent/retrieval';
import { extractiveThresholds, sentenceReranker, type Runtime } from '@docent/runtime';
import type { SearchMode } from '@docent/search-index';

export type AnswererSettings = Omit<ExtractiveAnswererOptions, 'embedTexts' | 'embedQuery'>;

/** Answerer and fusion settings of one ask service; unset ones are the runtime's defaults. */
export interface AskSettings {
  answerer?: AnswererSettings;
  vectorWeight?: number;
  fusion?: 'rrf' | 'convex';
  refFloor?: number;
}

/** Never "not found": what the answer would be without the thresholds and subject checks. */
export const NO_THRESHOLDS: AnswererSettings = {
  minScore: -1,
  minEvidence: -1,
  requireSubjects: false,
};

/**
 * Sentence vectors shared by every answerer of a run: the model gives a text the same vector
 * each time, and a sweep scores many answerers over the same passages.
 */
const sentenceVectors = new WeakMap<Runtime, Map<string, Float32Array>>();

async function embedOnce(runtime: Runtime, texts: string[]): Promise<Float32Array[]> {
  const known = sentenceVectors.get(runtime) ?? new Map<string, Float32Array>();
  sentenceVectors.set(runtime, known);
  const missing = [...new Set(texts.filter((t) => !known.has(t)))];
  if (missing.length > 0) {
    const vectors = await runtime.embedder.embedDocuments(missing);
    missing.forEach((text, i) => known.set(text, vectors[i]!));
  }
  return texts.map((t) => known.get(t)!);
}

/**
 * `BENCH_RECORD=file.jsonl`: each request a thresholded answerer gets (passages with their
 * stored sentence vectors, term counts, question vector), one JSON line each, for
 * `bench/src/tools/answer-replay.ts` to score answerer changes without retrieving again.
 */
class RecordingAnswerer extends ExtractiveAnswerer {
  constructor(
    private readonly file: string,
    private readonly settings: ExtractiveAnswererOptions,
  ) {
    super(settings);
  }

  override answer(request: AnswerRequest, options?: AnswerOptions): Promise<Answer> {
    if (this.settings.requireSubjects !== false) {
      const base64 = (bytes?: Uint8Array) =>
        bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      const vector = request.questionVector;
      const line = {
        minEvidence: this.settings.minEvidence,
        question: request.question,
        standaloneQuestion: request.standaloneQuestion,
        questionVector:
          vector && base64(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength)),
        passages: request.passages.map((p) => ({ ...p, extras: base64(p.extras) })),
        termCounts: request.termCounts && {
          chunks: request.termCounts.chunks,
          byWord: [...request.termCounts.byWord],
        },
      };
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    }
    return super.answer(request, options);
  }
}

const rerankers = new Map<string, ExtractiveAnswererOptions['rankSentences']>();

/**
 * The runtime's answer reranker (`DOCENT_RERANKER_DIR`), loaded once for every answerer the
 * bench makes; none when it has none.
 */
function rerankerOf(runtime: Runtime): Pick<ExtractiveAnswererOptions, 'rankSentences'> {
  const { rerankerDir, embeddingThreads } = runtime.config;
  if (rerankerDir === undefined) return {};
  if (!rerankers.has(rerankerDir)) {
    rerankers.set(rerankerDir, sentenceReranker(rerankerDir, embeddingThreads).rank);
  }
  return { rankSentences: rerankers.get(rerankerDir) };
}

/** The extractive answerer's settings the runtime configures: thresholds and the reranker. */
export function configuredAnswering(
  runtime: Runtime,
): Pick<ExtractiveAnswererOptions, 'minEvidence' | 'askedWordSimilarity' | 'rankSentences'> {
  return { ...extractiveThresholds(runtime.config), ...rerankerOf(runtime) };
}

/** The extractive answerer as the runtime configures it, with the settings under test on top. */
export function answererFor(runtime: Runtime, settings: AnswererSettings = {}): ExtractiveAnswerer {
  const options: ExtractiveAnswererOptions = {
    ...configuredAnswering(runtime),
    ...settings,
    embedTexts: (texts) => embedOnce(runtime, texts),
    embedQuery: (text) => runtime.embedder.embedQuery(text),
  };
  const record = process.env.BENCH_RECORD;
  return record ? new RecordingAnswerer(record, options) : new ExtractiveAnswerer(options);
}

/** The production ask path over the bench's runtime, with the settings under test. */
export function askServiceFor(
  runtime: Runtime,
  mode: SearchMode,
  answerer: ExtractiveAnswerer,
  settings: Omit<AskSettings, 'answerer'> = {},
): AskService {
  return new AskService(
    runtime.store.catalog,
    runtime.index,
    runtime.embedder,
    answerer,
    runtime.resolver,
    {
      mode,
      vectorWeight: settings.vectorWeight ?? runtime.config.vectorWeight,
      fusion: settings.fusion ?? runtime.config.fusion,
      refFloor: settings.refFloor,
    },
  );
}
