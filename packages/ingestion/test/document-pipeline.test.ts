import type { DocumentRef, ParsedDocument } from '@docent/connector-sdk';
import type { IndexedChunk, SearchIndex } from '@docent/search-index';
import { DocumentPipeline, rejectAllFiles } from '../src';
import { BagOfWordsEmbedder } from './support/ingestion-fixture';

/** Keeps what the pipeline indexed; nothing else is called. */
function recordingIndex(): { index: SearchIndex; indexed: IndexedChunk[] } {
  const indexed: IndexedChunk[] = [];
  const index = {
    replaceDocumentChunks: async (_c: string, _d: string, chunks: IndexedChunk[]) => {
      indexed.push(...chunks);
    },
  } as unknown as SearchIndex;
  return { index, indexed };
}

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

describe('DocumentPipeline', () => {
  it('embeds a chunk longer than the model takes as the mean of windows that fit', async () => {
    const embedder = new BagOfWordsEmbedder(); // 40 tokens per input
    const { index, indexed } = recordingIndex();
    const pipeline = new DocumentPipeline(embedder, index, rejectAllFiles, { chunkTokens: 200 });
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
    expect(prepared.chunks).toHaveLength(1);

    const embedded: string[] = [];
    const embedDocuments = embedder.embedDocuments.bind(embedder);
    embedder.embedDocuments = async (texts) => {
      embedded.push(...texts);
      return embedDocuments(texts);
    };
    await pipeline.embedAndIndex('c1', [prepared]);

    expect(embedded.length).toBeGreaterThan(1);
    for (const text of embedded) {
      expect(text.startsWith('Guide\n')).toBe(true);
      expect(embedder.countTokens(text)).toBeLessThanOrEqual(embedder.maxTokens - 2);
    }
    expect(embedded.map((t) => t.slice('Guide\n'.length)).join(' ')).toBe(sentences.join(' '));

    const windowVectors = await embedDocuments(embedded);
    const sum = windowVectors.reduce((acc, v) => acc.map((x, i) => x + v[i]!));
    const norm = Math.hypot(...sum);
    expect(indexed).toHaveLength(1);
    expect(indexed[0]!.text).toBe(sentences.join(' '));
    expect(Array.from(indexed[0]!.vector)).toEqual(
      Array.from(sum.map((x) => x / norm)).map((x) => expect.closeTo(x, 6)),
    );
  });

  it('embeds a chunk that fits as one text: its title, then its body', async () => {
    const embedder = new BagOfWordsEmbedder();
    const { index, indexed } = recordingIndex();
    const pipeline = new DocumentPipeline(embedder, index, rejectAllFiles);
    const prepared = await pipeline.prepare(
      ref,
      { kind: 'parsed', document: parsed({ text: 'Short body text.' }) },
      'd1',
    );
    await pipeline.embedAndIndex('c1', [prepared]);
    expect(Array.from(indexed[0]!.vector)).toEqual(
      Array.from((await embedder.embedDocuments(['Guide\nShort body text.']))[0]!),
    );
  });

  it('lists image-only pages, and refuses a document that has nothing else', async () => {
    const pipeline = new DocumentPipeline(
      new BagOfWordsEmbedder(),
      recordingIndex().index,
      rejectAllFiles,
    );
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
