import path from 'node:path';

/** jest.setup.js points DOCENT_MODELS_DIR at the shared models folder (MiniLM and USE-lite). */
export const SHARED_MODELS_DIR = path.resolve(
  process.env.DOCENT_MODELS_DIR ?? path.join(__dirname, '../../../../../shared/models'),
);
export const USE_LITE = 'local/universal-sentence-encoder-lite-en';
export const MINILM = 'local/all-MiniLM-L6-v2';

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

export const norm = (vector: Float32Array): number => Math.sqrt(dot(vector, vector));
