/// <reference types="jest" />
import { UnavailableError } from '@docent/domain-errors';
import { type Embedder } from '../../src';

/** What an adapter under test provides. */
export interface EmbedderHarness {
  /** Shared by the tests that leave it open. */
  embedder: Embedder;
  /** Another instance of the same adapter and settings, for the tests that close one. */
  open(): Promise<Embedder>;
  /**
   * Adapters that call a service: make it fail (every request) or answer again. `secret` is the
   * API key the adapter holds, which no error may show.
   */
  upstream?: { fail(): void; restore(): void; secret: string };
  cleanup(): Promise<void>;
}

// Four questions, each with the passage that answers it (sharing its words, as a retrieved one
// does), and four passages about none of them.
const QUESTIONS = [
  'Which port does the billing service listen on?',
  'When are the office doors locked at night?',
  'How many vacation days do employees get each year?',
  'Who owns the backups of the customer database?',
];
const ANSWERS = [
  'The billing service listens on port 8431 behind the load balancer.',
  'The office doors are locked every night at ten.',
  'Employees get 25 vacation days each year.',
  'The platform team owns the backups of the customer database.',
];
const UNRELATED = [
  'Bananas are rich in potassium.',
  'The football match ended in a draw after extra time.',
  'Lisbon is sunny in July.',
  'A cat sat on the mat.',
];

const dot = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);
const norm = (vector: Float32Array): number => Math.sqrt(dot(vector, vector));
const cosine = (a: Float32Array, b: Float32Array): number => dot(a, b) / (norm(a) * norm(b));

/** A text of about 50 × `sentences` words, each sentence a little different. */
const longText = (sentences: number): string =>
  Array.from(
    { length: sentences },
    (_, i) =>
      `Section ${i} of the handbook explains how the billing service, the office and the ` +
      `customer database are run, who is on call for them and where their runbooks live; ` +
      `it is long on purpose, so that the embedding model sees more than it may read at once.`,
  ).join(' ');

function expectVectorOf(embedder: Embedder, vector: Float32Array | undefined): Float32Array {
  expect(vector).toBeInstanceOf(Float32Array);
  expect(vector).toHaveLength(embedder.dimensions);
  expect(vector!.every((value) => Number.isFinite(value))).toBe(true);
  return vector!;
}

/** The index of the vector of `among` most similar to `vector`. */
const nearest = (vector: Float32Array, among: Float32Array[]): number => {
  const scores = among.map((other) => cosine(vector, other));
  return scores.indexOf(Math.max(...scores));
};

/**
 * What every {@link Embedder} promises, whatever runs the model: one vector per input in input
 * order, of the declared dimension, finite, unit length (a dot product is the cosine), the same
 * for the same text; queries and passages in one space; nothing for nothing; input over the cap
 * embedded as its beginning; work in flight settled by `close`, none accepted after it; a
 * failing service reported as an `UnavailableError` (503) without the key.
 */
export function describeEmbedderConformance(
  name: string,
  factory: () => Promise<EmbedderHarness>,
  /** What the adapter offers beyond the required: span vectors, a service that can fail. */
  offers: { spans: boolean; upstream: boolean },
): void {
  describe(`${name} (Embedder conformance)`, () => {
    let harness: EmbedderHarness;
    let embedder: Embedder;

    beforeAll(async () => {
      harness = await factory();
      embedder = harness.embedder;
    });

    afterAll(async () => {
      await harness.cleanup();
    });

    it('describes itself: a model id, a positive dimension and token cap', () => {
      expect(embedder.modelId).toEqual(expect.any(String));
      expect(embedder.modelId).not.toBe('');
      for (const size of [embedder.dimensions, embedder.maxTokens]) {
        expect(Number.isInteger(size)).toBe(true);
        expect(size).toBeGreaterThan(0);
      }
    });

    it('returns one finite unit vector of its dimension per text, queries alike', async () => {
      const texts = [...ANSWERS, ...UNRELATED];
      const vectors = await embedder.embedDocuments(texts);
      expect(vectors).toHaveLength(texts.length);
      const queries = await Promise.all(QUESTIONS.map((q) => embedder.embedQuery(q)));
      for (const vector of [...vectors, ...queries]) {
        expect(norm(expectVectorOf(embedder, vector))).toBeCloseTo(1, 4);
      }
    });

    it('returns the vectors in input order, whatever the batching', async () => {
      // Lengths out of order and more texts than a batch: adapters sort and split them.
      const texts = [ANSWERS[2]!, UNRELATED[3]!, ANSWERS[0]!, QUESTIONS[1]!, UNRELATED[1]!];
      texts.push(ANSWERS[3]!, UNRELATED[0]!, ANSWERS[1]!);
      const together = await embedder.embedDocuments(texts);
      const alone: Float32Array[] = [];
      for (const text of texts) alone.push((await embedder.embedDocuments([text]))[0]!);
      together.forEach((vector, index) => {
        expect(nearest(vector, alone)).toBe(index);
        // Quantised models move a vector a little with its batch's padding; never this far.
        expect(cosine(vector, alone[index]!)).toBeGreaterThan(0.98);
      });
    });

    it('gives the same vector for the same text, asked again or at the same time', async () => {
      const [first] = await embedder.embedDocuments([ANSWERS[0]!]);
      const query = await embedder.embedQuery(QUESTIONS[0]!);
      const [again, ...queries] = await Promise.all([
        embedder.embedDocuments([ANSWERS[0]!]).then(([vector]) => vector!),
        ...QUESTIONS.map((q) => embedder.embedQuery(q)),
      ]);
      expect(cosine(again!, first!)).toBeGreaterThan(0.9999);
      expect(cosine(queries[0]!, query)).toBeGreaterThan(0.9999);
      expect(cosine(await embedder.embedQuery(QUESTIONS[0]!), query)).toBeGreaterThan(0.9999);
    });

    it('embeds a text the same whether its tokens were counted first or not', async () => {
      // Ingestion counts a window's tokens before it embeds it; a local model reuses the ids.
      const text = 'A sentence this suite embeds nowhere else: counted first, or not (42 times).';
      const [notCounted] = await embedder.embedDocuments([text]);
      const other = await harness.open();
      try {
        expect(other.countTokens(text)).toBeGreaterThan(0);
        const [counted] = await other.embedDocuments([text]);
        expect(cosine(counted!, notCounted!)).toBeGreaterThan(0.9999);
      } finally {
        await other.close();
      }
    });

    it('puts questions and the passages that answer them in one space', async () => {
      const passages = await embedder.embedDocuments([...ANSWERS, ...UNRELATED]);
      for (const [index, question] of QUESTIONS.entries()) {
        const query = await embedder.embedQuery(question);
        expect(nearest(query, passages)).toBe(index);
        // Unit vectors: the dot product is the cosine.
        expect(dot(query, passages[index]!)).toBeCloseTo(cosine(query, passages[index]!), 4);
      }
    });

    it('embeds no texts as no vectors, and a text with nothing in it without failing', async () => {
      expect(await embedder.embedDocuments([])).toEqual([]);
      const [empty, blank, word] = await embedder.embedDocuments(['', ' \n\t ', 'billing']);
      for (const vector of [empty, blank]) {
        // Nothing to mean: a zero vector (similar to nothing) or a unit one.
        const length = norm(expectVectorOf(embedder, vector));
        expect(length < 1e-6 || Math.abs(length - 1) < 1e-4).toBe(true);
      }
      expect(norm(expectVectorOf(embedder, word))).toBeCloseTo(1, 4);
      expect(norm(expectVectorOf(embedder, await embedder.embedQuery('')))).toBeLessThan(1.0001);
    });

    it('counts tokens: none in nothing, more in a longer text', () => {
      expect(embedder.countTokens('')).toBe(0);
      const short = embedder.countTokens(QUESTIONS[0]!);
      expect(short).toBeGreaterThan(0);
      expect(embedder.countTokens(longText(4))).toBeGreaterThan(short * 10);
    });

    it('embeds a text over its token cap as its beginning, instead of failing', async () => {
      let sentences = 1;
      while (embedder.countTokens(longText(sentences)) <= 2 * embedder.maxTokens) sentences *= 2;
      const long = longText(sentences);
      // An ending as long as the beginning, about something else: read, it would move the vector.
      const otherTopic = UNRELATED.join(' ');
      const ending = Array.from({ length: sentences * 2 }, () => otherTopic).join(' ');
      const [vector, otherEnding] = await embedder.embedDocuments([long, `${long} ${ending}`]);
      expect(norm(expectVectorOf(embedder, vector))).toBeCloseTo(1, 4);
      expect(cosine(vector!, otherEnding!)).toBeGreaterThan(0.9999);
      const query = await embedder.embedQuery(`${long} Which port?`);
      expect(norm(expectVectorOf(embedder, query))).toBeCloseTo(1, 4);
    });

    it(`${offers.spans ? 'gives' : 'offers no'} span vectors from the same pass as their text`, async () => {
      expect(embedder.embedDocumentsWithSpans !== undefined).toBe(offers.spans);
      if (!embedder.embedDocumentsWithSpans) return;
      const text = `${ANSWERS[0]} ${ANSWERS[1]}`;
      const spans = [ANSWERS[0]!, ANSWERS[1]!, UNRELATED[0]!];
      const [withSpans, ...more] = await embedder.embedDocumentsWithSpans([
        { text, spans },
        { text: UNRELATED[1]!, spans: [] },
      ]);
      expect(more).toHaveLength(1);
      // The same texts as one call of embedDocuments: the same batches, the same vectors.
      const [alone] = await embedder.embedDocuments([text, UNRELATED[1]!]);
      expect(cosine(expectVectorOf(embedder, withSpans!.vector), alone!)).toBeGreaterThan(0.9999);
      expect(withSpans!.spans).toHaveLength(spans.length);
      const [billing, doors, missing] = withSpans!.spans;
      expect(missing).toBeNull();
      for (const span of [billing, doors]) {
        expect(norm(expectVectorOf(embedder, span ?? undefined))).toBeCloseTo(1, 4);
      }
      // Each span means its own sentence.
      const question = await embedder.embedQuery(QUESTIONS[0]!);
      expect(dot(question, billing!)).toBeGreaterThan(dot(question, doors!));
    });

    it('settles work in flight when closed, then refuses work; closing twice is fine', async () => {
      const closing = await harness.open();
      const texts = [...ANSWERS, ...UNRELATED];
      // More texts than a batch: an adapter may finish the whole call or stop between batches.
      const inFlight = closing.embedDocuments(texts).then(
        (vectors) => ({ vectors }),
        (error: unknown) => ({ error }),
      );
      await closing.close();
      const outcome = await inFlight;
      if ('error' in outcome) {
        expect(String(outcome.error)).toMatch(/closed/);
      } else {
        // Never part of the list, nor vectors of a disposed model.
        expect(outcome.vectors).toHaveLength(texts.length);
        const alone = await embedder.embedDocuments(texts);
        outcome.vectors.forEach((vector, i) => {
          expect(cosine(expectVectorOf(closing, vector), alone[i]!)).toBeGreaterThan(0.98);
        });
      }
      await expect(closing.embedQuery(QUESTIONS[0]!)).rejects.toThrow(/closed/);
      await expect(closing.embedDocuments([ANSWERS[0]!])).rejects.toThrow(/closed/);
      await expect(closing.close()).resolves.toBeUndefined();
    });

    // Only an adapter that calls a service has one to fail.
    (offers.upstream ? it : it.skip)(
      'reports a failing service as unavailable (503), without its key, and recovers',
      async () => {
        const upstream = harness.upstream!;
        upstream.fail();
        try {
          for (const attempt of [
            embedder.embedQuery(QUESTIONS[0]!),
            embedder.embedDocuments([ANSWERS[0]!]),
          ]) {
            const error = await attempt.then(
              () => undefined,
              (reason: unknown) => reason,
            );
            expect(error).toBeInstanceOf(UnavailableError);
            expect(String((error as Error).message)).not.toContain(upstream.secret);
          }
        } finally {
          upstream.restore();
        }
        expectVectorOf(embedder, await embedder.embedQuery(QUESTIONS[0]!));
      },
    );
  });
}
