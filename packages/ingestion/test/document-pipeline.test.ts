import type { DocumentRef, ParsedDocument } from '@docent/connector-sdk';
import type { TextWithSpans } from '@docent/embedder';
import { splitSentences } from '@docent/text-segmentation';
import { DocumentPipeline, rejectAllFiles } from '../src';
import type { ChunkExtrasWriter } from '@docent/document-model';
import { indexedChunks, pooledSpans } from '../src/document-pipeline';
import { EmbeddingQueue } from '../src/embedding-queue';
import { NO_INGESTION_METRICS } from '../src/ingestion-metrics';
import { BagOfWordsEmbedder } from './support/ingestion-fixture';

const ref: DocumentRef = { sourceId: 's1', version: '1', title: 'Guide' };

function parsed(...pages: Array<{ text?: string; imageOnly?: boolean }>): ParsedDocument {
  return {
    pages: pages.map((page, i) => ({
      pageNum: i + 1,
      blocks: page.text ? [{ kind: 'paragraph', text: page.text }] : [],
      imageOnly: page.imageOnly,
    })),
  };
}

/** Every text the embedder was given, and the size of each call. */
function recordingEmbedder() {
  const embedder = new BagOfWordsEmbedder();
  const texts: string[] = [];
  const calls: number[] = [];
  const embed = async (batch: string[]) => {
    texts.push(...batch);
    calls.push(batch.length);
    return embedder.embedDocuments(batch);
  };
  return { embedder, texts, calls, embed };
}

/**
 * A stand-in for an answerer's chunk extras: the chunk's sentences as spans, stored as their
 * vectors' components one after the other (nothing when no span got a vector).
 */
const SENTENCE_EXTRAS: ChunkExtrasWriter = {
  plan: (text) => {
    const spans = splitSentences(text);
    return {
      spans,
      encode: (vectors) =>
        spans.some((_, i) => !vectors[i])
          ? null
          : new Uint8Array(Float32Array.from(vectors.flatMap((v) => Array.from(v!))).buffer),
    };
  },
};

/** The vectors `SENTENCE_EXTRAS` stored (each of the stand-in embedder's width). */
function decodeStandIn(extras: Uint8Array): number[][] {
  const all = Array.from(new Float32Array(extras.slice().buffer));
  const width = new BagOfWordsEmbedder().dimensions;
  return Array.from({ length: all.length / width }, (_, i) =>
    all.slice(i * width, (i + 1) * width),
  );
}

/** One chunk of six 10-word sentences, longer than the 40-token stand-in model takes. */
async function longChunk(embedder: BagOfWordsEmbedder, chunkExtras?: ChunkExtrasWriter) {
  const pipeline = new DocumentPipeline(embedder, rejectAllFiles, {
    chunkTokens: 200,
    chunkExtras,
  });
  const sentences = Array.from(
    { length: 6 },
    (_, s) =>
      `${Array.from({ length: 9 }, (_, w) => `${w === 0 ? 'Word' : 'word'}${s}x${w}`).join(' ')} end.`,
  );
  const prepared = await pipeline.prepare(
    ref,
    { kind: 'parsed', document: parsed({ text: sentences.join(' ') }) },
    'd1',
  );
  return { sentences, prepared };
}

describe('DocumentPipeline', () => {
  it('embeds a chunk longer than the model takes as the mean of windows that fit', async () => {
    const { embedder, texts, embed } = recordingEmbedder(); // 40 tokens per input
    const { sentences, prepared } = await longChunk(embedder);
    expect(prepared.chunks).toHaveLength(1);
    expect(prepared.windows[0]!.length).toBeGreaterThan(1);

    const queue = new EmbeddingQueue<typeof prepared>(embed, 32, NO_INGESTION_METRICS);
    queue.add(prepared, prepared.windows);
    const [done] = await queue.embedNext();
    const indexed = indexedChunks(done!.item, done!.vectors);

    for (const text of texts) {
      expect(text.startsWith('Guide\n')).toBe(true);
      expect(embedder.countTokens(text)).toBeLessThanOrEqual(embedder.maxTokens - 2);
    }
    expect(texts.map((t) => t.slice('Guide\n'.length)).join(' ')).toBe(sentences.join(' '));

    const windowVectors = await embedder.embedDocuments(texts);
    const sum = windowVectors.reduce((acc, v) => acc.map((x, i) => x + v[i]!));
    const norm = Math.hypot(...sum);
    expect(indexed).toHaveLength(1);
    expect(indexed[0]).toMatchObject({ chunkId: 'd1:0', documentId: 'd1', title: 'Guide' });
    expect(indexed[0]!.text).toBe(sentences.join(' '));
    expect(Array.from(indexed[0]!.vector)).toEqual(
      Array.from(sum.map((x) => x / norm)).map((x) => expect.closeTo(x, 6)),
    );
  });

  it('embeds a chunk that fits as one text: its title, then its body', async () => {
    const { embedder, texts, embed } = recordingEmbedder();
    const pipeline = new DocumentPipeline(embedder, rejectAllFiles);
    const prepared = await pipeline.prepare(
      ref,
      { kind: 'parsed', document: parsed({ text: 'Short body text.' }) },
      'd1',
    );
    expect(prepared.windows).toEqual([['Guide\nShort body text.']]);
    const queue = new EmbeddingQueue(embed, 32, NO_INGESTION_METRICS);
    queue.add(prepared, prepared.windows);
    const [done] = await queue.embedNext();
    expect(texts).toEqual(['Guide\nShort body text.']);
    expect(Array.from(done!.vectors[0]!)).toEqual(
      Array.from((await embedder.embedDocuments(['Guide\nShort body text.']))[0]!),
    );
  });

  it("pools the chunk extras' spans from the windows that hold them and stores what they encode", async () => {
    const { embedder, embed } = recordingEmbedder(); // 40 tokens per input
    const { sentences, prepared } = await longChunk(embedder, SENTENCE_EXTRAS);
    expect(prepared.windows[0]!.length).toBeGreaterThan(1);
    expect(pooledSpans(prepared)).toEqual([sentences]);
    // A stand-in for span pooling: a span is found in a window when the window contains it.
    const pooled: Array<{ text: string; spans: readonly string[] }> = [];
    const withSpans = async (inputs: readonly TextWithSpans[]) => {
      pooled.push(...inputs);
      const vectors = await embedder.embedDocuments(inputs.map((i) => i.text));
      return Promise.all(
        inputs.map(async ({ text, spans }, i) => ({
          vector: vectors[i]!,
          spans: await Promise.all(
            spans.map(async (span) =>
              text.includes(span) ? (await embedder.embedDocuments([`${span} @${i}`]))[0]! : null,
            ),
          ),
        })),
      );
    };
    const queue = new EmbeddingQueue<typeof prepared>(embed, 32, NO_INGESTION_METRICS, withSpans);
    queue.add(prepared, prepared.windows, pooledSpans(prepared));
    const [done] = await queue.embedNext();
    const [indexed] = indexedChunks(done!.item, done!.vectors, done!.spanVectors);

    expect(pooled).toHaveLength(prepared.windows[0]!.length);
    const stored = decodeStandIn(indexed!.extras!);
    expect(stored).toHaveLength(sentences.length);
    for (const [s, sentence] of sentences.entries()) {
      const window = pooled.findIndex((p) => p.text.includes(sentence));
      const [expected] = await embedder.embedDocuments([`${sentence} @${window}`]);
      expect(stored[s]).toEqual(Array.from(expected!));
    }
  });

  it('pools no span and stores no extras without chunk extras (an answerer that needs none)', async () => {
    const { embedder, embed } = recordingEmbedder();
    const { prepared } = await longChunk(embedder);
    expect(pooledSpans(prepared)).toEqual([[]]);
    const pooled: TextWithSpans[] = [];
    const withSpans = async (inputs: readonly TextWithSpans[]) => {
      pooled.push(...inputs);
      throw new Error('no span should be pooled');
    };
    const queue = new EmbeddingQueue<typeof prepared>(embed, 32, NO_INGESTION_METRICS, withSpans);
    queue.add(prepared, prepared.windows, pooledSpans(prepared));
    const [done] = await queue.embedNext();
    const [indexed] = indexedChunks(done!.item, done!.vectors, done!.spanVectors);
    expect(pooled).toEqual([]);
    expect(indexed!.extras).toBeUndefined();
    expect(indexed!.vector).toBeInstanceOf(Float32Array);
  });

  it('stores no extras when the embedder cannot pool spans', async () => {
    const { embedder, embed } = recordingEmbedder();
    const pipeline = new DocumentPipeline(embedder, rejectAllFiles, {
      chunkExtras: SENTENCE_EXTRAS,
    });
    const prepared = await pipeline.prepare(
      ref,
      { kind: 'parsed', document: parsed({ text: 'Short body text. Another one here.' }) },
      'd1',
    );
    const queue = new EmbeddingQueue<typeof prepared>(embed, 32, NO_INGESTION_METRICS);
    queue.add(prepared, prepared.windows, pooledSpans(prepared));
    const [done] = await queue.embedNext();
    const [indexed] = indexedChunks(done!.item, done!.vectors, done!.spanVectors);
    expect(indexed!.extras).toBeUndefined();
  });

  it('lists image-only pages, and refuses a document that has nothing else', async () => {
    const pipeline = new DocumentPipeline(new BagOfWordsEmbedder(), rejectAllFiles);
    const mixed = await pipeline.prepare(
      ref,
      {
        kind: 'parsed',
        document: parsed({ imageOnly: true }, { text: 'Typed words.' }, { imageOnly: true }),
      },
      'd1',
    );
    expect(mixed.imageOnlyPages).toEqual([1, 3]);
    await expect(
      pipeline.prepare(
        ref,
        { kind: 'parsed', document: parsed({ imageOnly: true }, { imageOnly: true }) },
        'd2',
      ),
    ).rejects.toThrow(
      'no text to index: pages 1 and 2 are scanned images without a text layer (OCR is not supported)',
    );
  });
});

describe('EmbeddingQueue', () => {
  it('fills each call with the longest texts across documents, embeds each once, hands documents back in order', async () => {
    const { texts, calls, embed } = recordingEmbedder();
    const queue = new EmbeddingQueue<string>(embed, 3, NO_INGESTION_METRICS);
    queue.add('a', [['a-long window text here', 'a-x'], ['a-medium text']]);
    queue.add('empty', []);
    queue.add('b', [['b-a very long window of text', 'b-y']]);
    queue.add('c', [['c-medium text!']]);
    expect(queue.pending).toBe(6);

    // The three longest go first: b's, a's first window and c's. Only c is complete, but a
    // (added before it) is not: nothing is handed back yet.
    expect(await queue.embedNext()).toEqual([]);
    expect(texts).toEqual([
      'b-a very long window of text',
      'a-long window text here',
      'c-medium text!',
    ]);
    // The rest complete a, the empty document, b and c: in the order they were added.
    const rest = await queue.embedNext();
    expect(rest.map((d) => d.item)).toEqual(['a', 'empty', 'b', 'c']);
    expect(rest.map((d) => d.vectors.length)).toEqual([2, 0, 1, 1]);
    expect(calls).toEqual([3, 3]);
    expect(new Set(texts).size).toBe(6);
    expect(queue.pending).toBe(0);
    expect(queue.busy).toBe(false);
  });

  it("averages a chunk's windows whatever calls embedded them", async () => {
    const { embedder, embed } = recordingEmbedder();
    const queue = new EmbeddingQueue<string>(embed, 1, NO_INGESTION_METRICS);
    queue.add('a', [['alpha words here', 'beta']]);
    await queue.embedNext();
    const [done] = await queue.embedNext();
    const [x, y] = await embedder.embedDocuments(['alpha words here', 'beta']);
    const sum = x!.map((v, i) => v + y![i]!);
    const norm = Math.hypot(...sum);
    expect(Array.from(done!.vectors[0]!)).toEqual(
      Array.from(sum.map((v) => v / norm)).map((v) => expect.closeTo(v, 6)),
    );
  });
});
