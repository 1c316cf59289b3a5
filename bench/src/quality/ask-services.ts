import { ExtractiveAnswerer, type ExtractiveAnswererOptions } from '@docent/answerers';
import { AskService } from '@docent/retrieval';
import type { Runtime } from '@docent/runtime';
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

/** The extractive answerer as the runtime configures it, with the settings under test on top. */
export function answererFor(runtime: Runtime, settings: AnswererSettings = {}): ExtractiveAnswerer {
  return new ExtractiveAnswerer({
    minEvidence: runtime.config.notFoundThreshold,
    ...settings,
    embedTexts: (texts) => embedOnce(runtime, texts),
    embedQuery: (text) => runtime.embedder.embedQuery(text),
  });
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
