import { createEmbedder, type Embedder } from '../src';
import { describeEmbedderConformance } from './conformance/embedder.conformance';
import {
  dot,
  norm,
  QUERIES,
  RELATED,
  SHARED_MODELS_DIR,
  UNRELATED,
  USE_LITE,
  words,
} from './support/shared-model';

const openUseLite = (): Promise<Embedder> =>
  // A small batch, so the suite's lists span several.
  createEmbedder({
    model: USE_LITE,
    modelsDir: SHARED_MODELS_DIR,
    allowDownload: false,
    batchSize: 3,
  });

describeEmbedderConformance(
  'local embedder: USE-lite',
  async () => {
    const embedder = await openUseLite();
    return { embedder, open: openUseLite, cleanup: () => embedder.close() };
  },
  // Its vector is the [CLS] token, not a mean: no span vectors (answers embed sentences when asked).
  { spans: false, upstream: false },
);

describe('local embedder (USE-lite from the shared models folder)', () => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await createEmbedder({
      model: USE_LITE,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
    });
  });

  afterAll(async () => {
    await embedder.close();
  });

  it('describes the model', () => {
    expect(embedder.modelId).toBe(USE_LITE);
    expect(embedder.dimensions).toBe(512);
    expect(embedder.maxTokens).toBe(128);
  });

  it('reproduces the similarities measured in PROVENANCE.md', async () => {
    const query = await embedder.embedQuery('How do I reset my password?');
    const [related, unrelated] = await embedder.embedDocuments([
      'Steps to recover account credentials',
      'The cat sat on the mat',
    ]);
    expect(dot(query, related!)).toBeCloseTo(0.4491, 3);
    expect(dot(query, unrelated!)).toBeCloseTo(0.1393, 3);
  });

  it('ranks each query’s own passage above every other passage', async () => {
    const passages = await embedder.embedDocuments([...RELATED, ...UNRELATED]);
    for (const [index, question] of QUERIES.entries()) {
      const query = await embedder.embedQuery(question);
      const scores = passages.map((passage) => dot(query, passage));
      const best = scores.indexOf(Math.max(...scores));
      expect(best).toBe(index);
      expect(scores[index]!).toBeGreaterThan(scores[RELATED.length + index]! + 0.2);
    }
  });

  it('gives the same vector in a batch as alone, with padding and empty texts around it', async () => {
    const texts = [QUERIES[1]!, words(20), '', RELATED[2]!, '   '];
    const batch = await embedder.embedDocuments(texts);
    for (const [index, text] of texts.entries()) {
      const [alone] = await embedder.embedDocuments([text]);
      const largestDifference = Math.max(
        ...batch[index]!.map((value, i) => Math.abs(value - alone![i]!)),
      );
      expect(largestDifference).toBeLessThan(1e-5);
    }
  });

  it('splits long lists into batches without changing the vectors', async () => {
    const small = await createEmbedder({
      model: USE_LITE,
      modelsDir: SHARED_MODELS_DIR,
      allowDownload: false,
      batchSize: 2,
    });
    try {
      const texts = [...RELATED, ...UNRELATED, QUERIES[0]!];
      const [inTwos, inOne] = [
        await small.embedDocuments(texts),
        await embedder.embedDocuments(texts),
      ];
      expect(inTwos).toHaveLength(texts.length);
      inTwos.forEach((vector, index) => expect(dot(vector, inOne[index]!)).toBeCloseTo(1, 5));
    } finally {
      await small.close();
    }
  });

  it('embeds a text without tokens as a zero vector', async () => {
    const [empty, blank] = await embedder.embedDocuments(['', ' \n\t ']);
    expect(norm(empty!)).toBe(0);
    expect(norm(blank!)).toBe(0);
  });

  it('counts tokens with the model tokenizer, collapsing whitespace like embedding does', () => {
    expect(embedder.countTokens('')).toBe(0);
    expect(embedder.countTokens('How do I reset my password?')).toBe(8);
    expect(embedder.countTokens('reset\n\tmy  password')).toBe(
      embedder.countTokens('reset my password'),
    );
    const short = embedder.countTokens(words(10));
    const long = embedder.countTokens(words(100));
    expect(short).toBeGreaterThan(10);
    expect(long).toBeGreaterThan(short * 5);
  });

  it('treats queries and documents alike (USE-lite has no prefixes)', async () => {
    const [document] = await embedder.embedDocuments([QUERIES[3]!]);
    const query = await embedder.embedQuery(QUERIES[3]!);
    expect(dot(document!, query)).toBeCloseTo(1, 5);
  });
});
