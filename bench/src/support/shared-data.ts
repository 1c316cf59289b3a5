import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared data folder (models, benchmark datasets, corpus) next to the repository. */
export function sharedDir(): string {
  const dir = process.env.DOCENT_SHARED_DIR ?? resolve(__dirname, '../../../../shared');
  if (!existsSync(dir)) throw new Error(`shared data not found at ${dir}; set DOCENT_SHARED_DIR`);
  return dir;
}

export function squadPath(): string {
  return join(sharedDir(), 'bench/squad-v1.1/dev-v1.1.dev-part.json');
}

/**
 * Benchmarks run offline on the shared local model unless told otherwise: all-MiniLM-L6-v2 with
 * its int8 weights, as the tests and CI do (`DOCENT_EMBEDDING_DTYPE=fp32` for full precision).
 */
export function modelEnvironment(): Record<string, string> {
  const model = process.env.DOCENT_EMBEDDING_MODEL ?? 'local/all-MiniLM-L6-v2';
  return {
    DOCENT_MODELS_DIR: process.env.DOCENT_MODELS_DIR ?? join(sharedDir(), 'models'),
    DOCENT_EMBEDDING_MODEL: model,
    DOCENT_EMBEDDING_DTYPE:
      process.env.DOCENT_EMBEDDING_DTYPE ?? (process.env.DOCENT_EMBEDDING_MODEL ? '' : 'q8'),
  };
}
