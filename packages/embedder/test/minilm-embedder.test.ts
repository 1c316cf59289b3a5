import { createEmbedder, type Embedder, EmbeddingModelUnavailableError } from '../src';
import { describeEmbedderConformance } from './conformance/embedder.conformance';
import {
  dot,
  MINILM,
  norm,
  QUERIES,
  RELATED,
  SHARED_MODELS_DIR,
  UNRELATED,
  words,
} from './support/shared-model';

describe.each(['fp32', 'q8'] as const)('all-MiniLM-L6-v2 %s', (dtype) => {
  const open = (): Promise<Embedder> =>
    createEmbedder({
      model: MINILM,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      dtype,
      // A small batch, so the suite's lists span several.
      batchSize: 3,
    });
  describeEmbedderConformance(
    `local embedder: all-MiniLM-L6-v2 ${dtype}`,
    async () => {
      const embedder = await open();
      return { embedder, open, cleanup: () => embedder.close() };
    },
    { spans: true, upstream: false },
  );
});

/** The tests' and CI's model: all-MiniLM-L6-v2 from the shared folder, in both its dtypes. */
describe.each(['fp32', 'q8'] as const)('local embedder: all-MiniLM-L6-v2 %s', (dtype) => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await createEmbedder({
      model: MINILM,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      dtype,
    });
  });

  afterAll(async () => {
    await embedder.close();
  });

  it('describes the model: 384 dimensions, a 256-token cap', async () => {
    expect(embedder.dimensions).toBe(384);
    expect(embedder.maxTokens).toBe(256);
    const vector = await embedder.embedQuery(QUERIES[0]!);
    expect(vector).toHaveLength(384);
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it('pools sentence vectors from the same forward pass as the passage', async () => {
    const passage =
      'Customers who cancel an order receive a full refund within 14 days. ' +
      'The service stores its data in a PostgreSQL database.';
    const spans = [RELATED[1]!, RELATED[3]!, 'Not in the passage at all.'];
    const [whole] = await embedder.embedDocumentsWithSpans!([
      { text: `Policies\n${passage}`, spans },
    ]);
    const [alone] = await embedder.embedDocuments([`Policies\n${passage}`]);
    // The passage's vector is exactly what embedDocuments gives.
    expect(dot(whole!.vector, alone!)).toBeCloseTo(1, 5);
    const [refund, database, missing] = whole!.spans;
    expect(missing).toBeNull();
    expect(norm(refund!)).toBeCloseTo(1, 5);
    // Each span vector means its own sentence: closer to its question than the other one is.
    const [refundQuery, databaseQuery] = await Promise.all([
      embedder.embedQuery(QUERIES[1]!),
      embedder.embedQuery(QUERIES[3]!),
    ]);
    expect(dot(refundQuery, refund!)).toBeGreaterThan(dot(refundQuery, database!) + 0.1);
    expect(dot(databaseQuery, database!)).toBeGreaterThan(dot(databaseQuery, refund!) + 0.1);
  });

  it('reproduces the similarities of PROVENANCE.md (mean pooling, normalised)', async () => {
    const query = await embedder.embedQuery('How do I reset my password?');
    const [related, unrelated] = await embedder.embedDocuments([
      'Steps to recover account credentials',
      'The cat sat on the mat',
    ]);
    // fp32 0.607 / 0.086; the int8 weights move them by under 0.01.
    expect(dot(query, related!)).toBeCloseTo(dtype === 'fp32' ? 0.6074 : 0.614, 2);
    expect(dot(query, unrelated!)).toBeCloseTo(dtype === 'fp32' ? 0.0862 : 0.0793, 2);
  });

  it('ranks each query’s own passage first, well above the unrelated ones', async () => {
    const passages = await embedder.embedDocuments([...RELATED, ...UNRELATED]);
    for (const [index, question] of QUERIES.entries()) {
      const query = await embedder.embedQuery(question);
      const scores = passages.map((passage) => dot(query, passage));
      expect(scores.indexOf(Math.max(...scores))).toBe(index);
      expect(scores[index]!).toBeGreaterThan(scores[RELATED.length + index]! + 0.2);
    }
  });

  it('returns every vector in input order, whatever the batching by length', async () => {
    const texts = [words(60), QUERIES[1]!, words(3), RELATED[2]!, UNRELATED[0]!, words(30)];
    const small = await createEmbedder({
      model: MINILM,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      dtype,
      batchSize: 2,
    });
    try {
      const together = await small.embedDocuments(texts);
      for (const [index, text] of texts.entries()) {
        const [alone] = await embedder.embedDocuments([text]);
        // q8 quantises activations with one scale per batch (padding included), so its vectors
        // move a little with their batch (cosine 0.989–0.997 here); the closest other text of
        // this list is at 0.91.
        expect(dot(together[index]!, alone!)).toBeGreaterThan(dtype === 'fp32' ? 0.9999 : 0.98);
      }
    } finally {
      await small.close();
    }
  });
});

describe('the dtype of a local model', () => {
  it('picks the weights: q8 and fp32 give nearly the same vectors', async () => {
    const load = (dtype: 'fp32' | 'q8') =>
      createEmbedder({ model: MINILM, modelsDir: SHARED_MODELS_DIR, allowDownload: false, dtype });
    const [full, quantised] = await Promise.all([load('fp32'), load('q8')]);
    try {
      const texts = [...QUERIES, ...RELATED];
      const [a, b] = [await full.embedDocuments(texts), await quantised.embedDocuments(texts)];
      for (const [i, vector] of a.entries()) {
        const cosine = dot(vector, b[i]!);
        expect(cosine).toBeGreaterThan(0.98);
        expect(cosine).toBeLessThan(0.99999);
      }
    } finally {
      await full.close();
      await quantised.close();
    }
  });

  it('names the missing weights file when the dtype has none in the folder', async () => {
    const attempt = createEmbedder({
      model: MINILM,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      dtype: 'fp16',
    });
    await expect(attempt).rejects.toThrow(EmbeddingModelUnavailableError);
    await expect(attempt).rejects.toThrow(/onnx\/model_fp16\.onnx not found/);
  });
});

describe('documents embedded in a worker thread', () => {
  const load = (documentsInWorker: boolean) =>
    createEmbedder({
      model: MINILM,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      dtype: 'fp32',
      documentsInWorker,
    });

  it('keeps the event loop free during a batch, with the same vectors as in this thread', async () => {
    const [threaded, inline] = await Promise.all([load(true), load(false)]);
    try {
      const texts = Array.from({ length: 16 }, (_, i) => `${words(40)} ${RELATED[i % 4]!}`);
      let ticks = 0;
      const ticking = setInterval(() => (ticks += 1), 5);
      const offThread = await threaded.embedDocuments(texts);
      clearInterval(ticking);
      // Seconds of model work; timers kept firing meanwhile (in this thread, none would).
      expect(ticks).toBeGreaterThan(3);
      const here = await inline.embedDocuments(texts);
      for (const [i, vector] of offThread.entries()) {
        expect(dot(vector, here[i]!)).toBeGreaterThan(0.9999);
      }
    } finally {
      await threaded.close();
      await inline.close();
    }
  }, 60_000);

  it('finishes the batch in flight when closed, then refuses work', async () => {
    const threaded = await load(true);
    const pending = threaded.embedDocuments([words(100)]);
    await threaded.close();
    expect(await pending).toHaveLength(1);
    await expect(threaded.embedDocuments(['more'])).rejects.toThrow(/closed/);
  }, 30_000);
});
