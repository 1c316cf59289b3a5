/// <reference types="jest" />
import { UnavailableError } from '@docent/domain-errors';
import { contentWords } from '@docent/text-segmentation';
import {
  type Answer,
  type AnswerOptions,
  type Answerer,
  type AnswerPiece,
  type AnswerRequest,
  type CollectionTermCounts,
  type Passage,
} from '../../src';

/** What an adapter under test provides. */
export interface AnswererHarness {
  answerer: Answerer;
  /**
   * What the answerer calls to answer (a model's endpoint, an embedder): make every call fail,
   * or wait until restored; `secret` is a key it holds, which no error may show.
   */
  upstream: { fail(): void; stall(): void; restore(): void; secret?: string };
  /**
   * An answerer that declares `chunkExtras`: the embedding its spans are pooled with at
   * ingestion (the answerer's own), to make the extras an ingestion would store.
   */
  embedTexts?(texts: string[]): Promise<Float32Array[]>;
  cleanup(): Promise<void>;
}

const passage = (id: string, docName: string, text: string): Passage => ({
  id,
  docName,
  pageNum: 1,
  text,
  headings: '',
  score: 1,
  // As close to the question as a retrieved passage usually is.
  similarity: 0.6,
});

// Only the second passage holds the fact asked for (port 9120): a right answer comes from it.
const PASSAGES: Passage[] = [
  passage(
    'office',
    'Office FAQ',
    'The cafeteria opens at 8 am. Parking is free for visitors on weekends.',
  ),
  passage(
    'heron',
    'Heron',
    'Heron is the tool we use for canary releases. Heron listens on TCP port 9120 by default.',
  ),
  passage('skylark', 'Skylark', 'Skylark is the build cache. It is restarted every Sunday.'),
];
const ANSWERABLE = 'Which port does Heron listen on?';
const FACT = '9120';
const UNANSWERABLE = 'What is the wifi password for the guest network?';

/** The passages as the whole collection, counted as the index counts them. */
function termCounts(question: string, passages: Passage[]): CollectionTermCounts {
  const held = passages.map((p) => new Set(contentWords(`${p.docName} ${p.text}`)));
  return {
    chunks: passages.length,
    byWord: new Map(
      contentWords(question).map((word) => [word, held.filter((words) => words.has(word)).length]),
    ),
  };
}

const request = (question: string, passages = PASSAGES): AnswerRequest => ({
  question,
  standaloneQuestion: question,
  history: [],
  passages,
  termCounts: termCounts(question, passages),
});

const MARKER = /\[(\d+)\]/g;
const markers = (text: string): number[] => [...text.matchAll(MARKER)].map((m) => Number(m[1]));
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function expectNotFound(answer: Answer): void {
  expect(answer.found).toBe(false);
  expect(answer.usedPassageIds).toEqual([]);
  expect(answer.text.trim()).not.toBe('');
  expect(answer.shortAnswer ?? null).toBeNull();
  expect(answer.quotes ?? []).toEqual([]);
}

/**
 * What a found answer promises whatever wrote it: it comes from the given passages, the one it
 * quotes or cites first is the first it used (the first ref), quotes lie inside their passage's
 * text (a ref's highlight in its sample text) and hold the answer's words, the short answer is
 * verbatim in the text, and markers follow `citations` and `maxCitations`.
 */
function expectGrounded(
  answerer: Answerer,
  answer: Answer,
  passages: Passage[],
  options: AnswerOptions = {},
): void {
  expect(answer.found).toBe(true);
  const byId = new Map(passages.map((p) => [p.id, p]));
  expect(answer.usedPassageIds.length).toBeGreaterThan(0);
  expect(new Set(answer.usedPassageIds).size).toBe(answer.usedPassageIds.length);
  for (const id of answer.usedPassageIds) expect(byId.has(id)).toBe(true);
  if (options.maxCitations !== undefined) {
    expect(answer.usedPassageIds.length).toBeLessThanOrEqual(options.maxCitations);
  }
  if (answer.shortAnswer !== undefined && answer.shortAnswer !== null) {
    expect(answer.shortAnswer.trim()).not.toBe('');
    expect(answer.text).toContain(answer.shortAnswer);
  }
  const quotes = answer.quotes ?? [];
  if (quotes.length > 0) {
    expect(quotes[0]!.passageId).toBe(answer.usedPassageIds[0]);
    const quoted: string[] = [];
    for (const quote of quotes) {
      expect(answer.usedPassageIds).toContain(quote.passageId);
      const text = byId.get(quote.passageId)!.text;
      expect(Number.isInteger(quote.start) && Number.isInteger(quote.end)).toBe(true);
      expect(quote.start).toBeGreaterThanOrEqual(0);
      expect(quote.end).toBeGreaterThan(quote.start);
      expect(quote.end).toBeLessThanOrEqual(text.length);
      quoted.push(...wordsOf(text.slice(quote.start, quote.end)));
    }
    // A quote is the passage's own words.
    for (const word of wordsOf(answer.text)) expect(quoted).toContain(word);
  }
  const written = markers(answer.text);
  if (!answerer.citesPassages || options.citations === false) {
    expect(written).toEqual([]);
  } else {
    // `[n]` is the n-th used passage, numbered by first citation.
    for (const n of written) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(answer.usedPassageIds.length);
    }
    if (written.length > 0) expect(written[0]).toBe(1);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the answer to fail, but it resolved');
    },
    (reason: unknown) => reason,
  );
}

/**
 * Behaviour every {@link Answerer} shares: "not found" with nothing to read or nothing that
 * answers; a found answer grounded in the passages it was given (its first ref the passage that
 * holds the answer); streamed pieces that add up to the answer; the abort signal honoured, before
 * and during an answer; a failing upstream reported as an `UnavailableError` (503) without its key;
 * a declaration of what it needs stored per chunk, and the same answer whether the passages carry
 * its own extras, another strategy's, or none.
 */
export function describeAnswererConformance(
  name: string,
  factory: () => Promise<AnswererHarness>,
): void {
  describe(`${name} (Answerer conformance)`, () => {
    let harness: AnswererHarness;
    let answerer: Answerer;

    beforeEach(async () => {
      harness = await factory();
      answerer = harness.answerer;
    });

    afterEach(async () => {
      harness.upstream.restore();
      await harness.cleanup();
    });

    it('answers "not found" from no passages, without needing its upstream', async () => {
      harness.upstream.fail();
      expectNotFound(await answerer.answer(request(ANSWERABLE, [])));
    });

    it('answers "not found" when no passage answers the question', async () => {
      expectNotFound(await answerer.answer(request(UNANSWERABLE)));
    });

    it('answers from the passage that holds the answer, first among the passages it used', async () => {
      const answer = await answerer.answer(request(ANSWERABLE));
      expectGrounded(answerer, answer, PASSAGES);
      expect(answer.text).toContain(FACT);
      expect(answer.usedPassageIds[0]).toBe('heron');
    });

    it('keeps to citations and maxCitations', async () => {
      for (const options of [
        { citations: true },
        { citations: false },
        { citations: true, maxCitations: 1 },
      ]) {
        const answer = await answerer.answer(request(ANSWERABLE), options);
        expectGrounded(answerer, answer, PASSAGES, options);
        expect(answer.usedPassageIds[0]).toBe('heron');
      }
    });

    it('streams pieces that add up to the answer, citing only given passages', async () => {
      const whole = await answerer.answer(request(ANSWERABLE));
      const pieces: AnswerPiece[] = [];
      const streamed = await answerer.answer(request(ANSWERABLE), {
        onText: (piece) => pieces.push(piece),
      });
      expectGrounded(answerer, streamed, PASSAGES);
      expect(streamed.text).toBe(whole.text);
      expect(streamed.usedPassageIds).toEqual(whole.usedPassageIds);
      // An answerer that writes no text piece by piece never calls onText.
      if (pieces.length > 0) {
        expect(pieces.map((p) => p.text).join('')).toBe(streamed.text);
        const cited = pieces.flatMap((p) => p.citations);
        for (const { marker, passageId } of cited) {
          expect(streamed.usedPassageIds[marker - 1]).toBe(passageId);
        }
      }
    });

    it('refuses to answer when asked with an aborted signal', async () => {
      const controller = new AbortController();
      const reason = new Error('The client closed the connection.');
      controller.abort(reason);
      expect(
        await rejection(answerer.answer(request(ANSWERABLE), { signal: controller.signal })),
      ).toBe(reason);
    });

    it('stops waiting for its upstream when the signal aborts mid-answer', async () => {
      harness.upstream.stall();
      const controller = new AbortController();
      const reason = new Error('The client closed the connection.');
      const answering = rejection(
        answerer.answer(request(ANSWERABLE), { signal: controller.signal }),
      );
      setTimeout(() => controller.abort(reason), 50);
      // The upstream waits until restored (or for many seconds): only the signal can end this
      // answer within two.
      let timer: NodeJS.Timeout | undefined;
      const waiting = new Promise((resolve) => {
        timer = setTimeout(() => resolve('still waiting for the upstream'), 2_000);
      });
      expect(await Promise.race([answering, waiting])).toBe(reason);
      clearTimeout(timer);
    });

    it('reports a failing upstream as unavailable (503), without its key, and recovers', async () => {
      harness.upstream.fail();
      for (const options of [{}, { onText: () => undefined }]) {
        const error = await rejection(answerer.answer(request(ANSWERABLE), options));
        expect(error).toBeInstanceOf(UnavailableError);
        if (harness.upstream.secret) {
          expect(String((error as Error).message)).not.toContain(harness.upstream.secret);
        }
      }
      harness.upstream.restore();
      expectGrounded(answerer, await answerer.answer(request(ANSWERABLE)), PASSAGES);
    });
    it('declares what it needs per chunk: nothing, or spans of the chunk and a blob made of them', async () => {
      const extras = answerer.chunkExtras;
      if (extras === null) return; // nothing computed at ingestion, nothing fetched when asked
      expect(extras.name.trim()).not.toBe('');
      expect(harness.embedTexts).toBeDefined();
      for (const { text } of PASSAGES) {
        const plan = extras.plan(text);
        expect(plan.spans.length).toBeGreaterThan(0);
        // Pooled from the chunk's own forward pass: each span is a piece of the chunk's text.
        for (const span of plan.spans) expect(text).toContain(span);
        expect(plan.encode(plan.spans.map(() => null))).toBeNull();
        const blob = plan.encode(await harness.embedTexts!([...plan.spans]));
        expect(blob).toBeInstanceOf(Uint8Array);
        expect(blob!.byteLength).toBeGreaterThan(0);
      }
    });

    it("answers alike with its own chunk extras, with another strategy's, and with none", async () => {
      const plain = await answerer.answer(request(ANSWERABLE));
      expectGrounded(answerer, plain, PASSAGES);
      // What another answerer stored (the index returns it whatever is configured now).
      const foreign = PASSAGES.map((p) => ({ ...p, extras: Uint8Array.of(0xfe, 3, 0, 1, 2, 3) }));
      const withForeign = await answerer.answer(request(ANSWERABLE, foreign));
      expect(withForeign.text).toBe(plain.text);
      expect(withForeign.usedPassageIds).toEqual(plain.usedPassageIds);
      const extras = answerer.chunkExtras;
      if (extras === null) return;
      const own = await Promise.all(
        PASSAGES.map(async (p) => {
          const plan = extras.plan(p.text);
          const blob = plan.encode(await harness.embedTexts!([...plan.spans]));
          return { ...p, ...(blob && { extras: blob }) };
        }),
      );
      const withOwn = await answerer.answer(request(ANSWERABLE, own));
      expect(withOwn.text).toBe(plain.text);
      expect(withOwn.usedPassageIds).toEqual(plain.usedPassageIds);
    });
  });
}
