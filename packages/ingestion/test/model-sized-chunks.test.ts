import type { DocumentRef, ParsedDocument } from '@docent/connector-sdk';
import { createEmbedder, type Embedder } from '@docent/embedder';
import { DocumentPipeline, rejectAllFiles } from '../src';

const sentence = (i: number) =>
  `Sentence ${i} explains how the billing service retries invoice ${i * 7} after a timeout, ` +
  `and why the operator on call for region EU-${i % 5} checks the dashboard first.`;

/** Headings, long prose, a list and a table: every shape the chunker packs. */
const handbook: ParsedDocument = {
  pages: [1, 2, 3].map((pageNum) => ({
    pageNum,
    blocks: [
      { kind: 'heading', level: 1, text: `Operations handbook, part ${pageNum}` },
      { kind: 'paragraph', text: Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ') },
      {
        kind: 'heading',
        level: 2,
        text: 'Escalation contacts and the order in which to call them',
      },
      ...Array.from({ length: 25 }, (_, i) => ({
        kind: 'list_item' as const,
        text: `Contact ${i}: the ${['billing', 'search', 'storage'][i % 3]} lead, pager ${1000 + i}`,
        depth: 0,
        ordered: false,
      })),
      ...Array.from({ length: 40 }, (_, i) => ({
        kind: 'table_row' as const,
        cells: [`Service ${i}`, `Owner team ${i % 4}`, `${i * 3} minutes`],
        header: i === 0,
      })),
    ],
  })),
};

/**
 * With chunks sized to the model's cap, each chunk, with its title and section path, is one
 * text the model takes whole: embedded once, not as windows (longer chunks are windows).
 */
describe('chunks of the model’s size (all-MiniLM-L6-v2)', () => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await createEmbedder({
      model: 'local/all-MiniLM-L6-v2',
      modelsDir: process.env.DOCENT_MODELS_DIR!,
      allowDownload: false,
      dtype: 'q8',
    });
  });

  afterAll(async () => {
    await embedder.close();
  });

  it.each([
    ['a short title', 'Ops'],
    ['a long title', 'Operations handbook for the billing, search and storage teams, 2026 edition'],
  ])('embeds every chunk once, under %s', async (_, title) => {
    const pipeline = new DocumentPipeline(embedder, rejectAllFiles, {
      chunkTokens: embedder.maxTokens,
    });
    const ref: DocumentRef = { sourceId: 'h', version: '1', title };
    const prepared = await pipeline.prepare(ref, { kind: 'parsed', document: handbook }, 'd1');
    // What the batch job hands the embedder for this document.
    const embedded = prepared.windows.flat();

    expect(prepared.chunks.length).toBeGreaterThan(10);
    expect(embedded).toHaveLength(prepared.chunks.length);
    for (const text of embedded) {
      // The model's own count, with [CLS] and [SEP]: nothing is cut.
      expect(embedder.countTokens(text) + 2).toBeLessThanOrEqual(embedder.maxTokens);
    }
  });
});
