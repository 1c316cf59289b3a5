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

// PROVENANCE.md's similarity check: its first passage pair verbatim, the others written to the
// same topics; and sentences on none of them.
export const QUERIES = [
  'How do I reset my password?',
  'What is the refund policy for cancelled orders?',
  'How many vacation days do employees get?',
  'Which database does the service use?',
];
export const RELATED = [
  'Steps to recover account credentials',
  'Customers who cancel an order receive a full refund within 14 days.',
  'Every employee is entitled to 25 days of paid annual leave.',
  'The service stores its data in a PostgreSQL database.',
];
export const UNRELATED = [
  'The cat sat on the mat',
  'The weather in Lisbon is sunny in July.',
  'Bananas are rich in potassium.',
  'The football match ended in a draw.',
];

/** A long text of `count` × 3 words. */
export const words = (count: number): string =>
  Array.from({ length: count }, (_, i) => `word${i % 50} and more`).join(' ');
