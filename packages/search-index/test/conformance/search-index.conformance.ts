import { randomUUID } from 'node:crypto';
import {
  type IndexedChunk,
  MAX_CHUNK_EXTRAS_BYTES,
  type SearchHit,
  type SearchIndex,
  type SearchMode,
  type SearchQuery,
} from '../../src/types';
import { axis, chunk, DIMENSIONS, dot, KNOWLEDGE_BASE, unit } from './search-index-fixtures';

export interface SearchIndexUnderTest {
  index: SearchIndex;
  cleanup(): Promise<void>;
}

const MODES: SearchMode[] = ['bm25', 'vector', 'hybrid'];

/**
 * Behaviour every {@link SearchIndex} adapter must share. Each test gets a fresh adapter from
 * `factory` and its own collection ids (random suffix), so an adapter backed by a shared server
 * can run the suite without tests seeing each other's data.
 */
export function describeSearchIndexConformance(
  adapterName: string,
  factory: () => Promise<SearchIndexUnderTest>,
): void {
  describe(`SearchIndex conformance: ${adapterName}`, () => {
    let index: SearchIndex;
    let cleanup: () => Promise<void>;
    let createdCollections: string[];

    const newCollection = async (dimensions = DIMENSIONS): Promise<string> => {
      const collectionId = `conformance-${randomUUID()}`;
      createdCollections.push(collectionId);
      await index.ensureCollection(collectionId, dimensions);
      return collectionId;
    };

    const seed = async (collectionId: string, documents: Record<string, IndexedChunk[]>) => {
      for (const [documentId, chunks] of Object.entries(documents)) {
        await index.replaceDocumentChunks(collectionId, documentId, chunks);
      }
    };

    const search = (
      collectionId: string,
      mode: SearchMode,
      text: string,
      vector: Float32Array,
      extra: Partial<SearchQuery> = {},
    ) => index.search({ collectionId, mode, text, vector, limit: 10, ...extra });

    const chunkIds = (hits: SearchHit[]) => hits.map((hit) => hit.chunkId);

    beforeEach(async () => {
      ({ index, cleanup } = await factory());
      createdCollections = [];
    });

    afterEach(async () => {
      try {
        for (const collectionId of createdCollections) await index.deleteCollection(collectionId);
      } finally {
        await cleanup();
      }
    });

    it('reports itself healthy', async () => {
      await expect(index.health()).resolves.toBeUndefined();
    });

    it('an empty collection has no chunks and no hits in any mode', async () => {
      const kb = await newCollection();
      expect(await index.countChunks(kb)).toBe(0);
      for (const mode of MODES) {
        expect(await search(kb, mode, 'error code', axis(0))).toEqual([]);
      }
    });

    it('returns the indexed fields with every hit', async () => {
      const kb = await newCollection();
      await seed(kb, KNOWLEDGE_BASE);
      const [hit] = await search(kb, 'vector', 'rollback', axis(1), { limit: 1 });
      expect(hit).toMatchObject({
        chunkId: 'deploy-guide:1',
        documentId: 'deploy-guide',
        ordinal: 1,
        pageNum: 2,
        text: 'Rollbacks restore the previous release within minutes.',
        headings: 'Rollbacks',
        title: 'Deploy guide',
        vectorRank: 1,
      });
      expect(hit?.similarity).toBeCloseTo(1, 5);
    });

    describe('chunk extras', () => {
      // Opaque bytes: what an answerer's strategy stored (all 256 byte values, so nothing is
      // lost to an encoding).
      const EXTRAS = Uint8Array.from({ length: 600 }, (_, i) => (i * 7) % 256);
      const withExtras = (documentId: string, ordinal: number, text: string) => ({
        ...chunk(documentId, ordinal, text, axis(ordinal)),
        extras: EXTRAS,
      });

      it('come back byte for byte with the search hits that ask for them, in every mode', async () => {
        const kb = await newCollection();
        await seed(kb, {
          manual: [withExtras('manual', 0, 'Rotate the keys. Then restart.')],
          guide: [chunk('guide', 0, 'Rotate the tyres.', axis(1))],
        });
        for (const mode of ['hybrid', 'bm25', 'vector'] as const) {
          for (const fusion of ['rrf', 'convex'] as const) {
            const hits = await search(kb, mode, 'rotate', axis(0), { extras: true, fusion });
            const byId = new Map(hits.map((hit) => [hit.chunkId, hit]));
            expect(Buffer.from(byId.get('manual:0')!.extras!)).toEqual(Buffer.from(EXTRAS));
            expect(byId.get('guide:0')?.extras).toBeUndefined();
          }
        }
      });

      it('are not fetched by a search that does not ask, nor by getChunks', async () => {
        const kb = await newCollection();
        await seed(kb, { manual: [withExtras('manual', 0, 'Rotate the keys.')] });
        const [hit] = await search(kb, 'hybrid', 'rotate keys', axis(0), { limit: 1 });
        expect(hit?.chunkId).toBe('manual:0');
        expect(hit?.extras).toBeUndefined();
        const [read] = await index.getChunks(kb, 'manual', [0]);
        expect(read?.extras).toBeUndefined();
      });

      it('are optional: a chunk written without them has none, and a rewrite drops them', async () => {
        const kb = await newCollection();
        await seed(kb, { manual: [withExtras('manual', 0, 'Rotate the keys.')] });
        await seed(kb, { manual: [chunk('manual', 0, 'Rotate the keys.', axis(0))] });
        const [hit] = await search(kb, 'bm25', 'rotate keys', axis(0), { limit: 1, extras: true });
        expect(hit?.chunkId).toBe('manual:0');
        expect(hit?.extras).toBeUndefined();
      });

      it('are checked before anything is written: too large, or not bytes, writes nothing', async () => {
        const kb = await newCollection();
        const tooLarge = {
          ...chunk('manual', 0, 'Rotate the keys.', axis(0)),
          extras: new Uint8Array(MAX_CHUNK_EXTRAS_BYTES + 1),
        };
        await expect(index.replaceDocumentChunks(kb, 'manual', [tooLarge])).rejects.toThrow(
          /chunks\[0\]\.extras/,
        );
        const notBytes = {
          ...chunk('manual', 0, 'Rotate the keys.', axis(0)),
          extras: [1, 2, 3] as unknown as Uint8Array,
        };
        await expect(index.replaceDocumentChunks(kb, 'manual', [notBytes])).rejects.toThrow(
          /chunks\[0\]\.extras/,
        );
        expect(await index.countChunks(kb)).toBe(0);
      });
    });

    describe('layout', () => {
      it('comes back as written with search hits and getChunks, and is optional', async () => {
        const kb = await newCollection();
        const layout = '[["l",0,19,[0,2]],["c",20,34]]';
        await seed(kb, {
          manual: [
            { ...chunk('manual', 0, '- Rotate the keys.\nkeys rotate --all', axis(0)), layout },
          ],
          guide: [chunk('guide', 0, 'Restart the keys service.', axis(1))],
        });
        const [hit] = await search(kb, 'bm25', 'rotate', axis(0), { limit: 1 });
        const [read] = await index.getChunks(kb, 'manual', [0]);
        expect(hit?.layout).toBe(layout);
        expect(read?.layout).toBe(layout);
        const [other] = await index.getChunks(kb, 'guide', [0]);
        expect(other?.layout).toBeUndefined();
      });
    });

    describe('BM25 leg', () => {
      it('finds an exact rare term (an error code) that the vector leg misses', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        // The query's embedding points at the pets chunk: the code means nothing to a model.
        const queryVector = axis(2);
        const bm25 = await search(kb, 'bm25', 'E4711', queryVector);
        expect(chunkIds(bm25)).toEqual(['deploy-guide:0']);
        expect(bm25[0]?.bm25Rank).toBe(1);

        const vector = await search(kb, 'vector', 'E4711', queryVector);
        expect(vector[0]?.chunkId).toBe('pets:0');
        expect(vector.find((hit) => hit.chunkId === 'deploy-guide:0')?.similarity).toBeCloseTo(
          0,
          5,
        );

        const hybrid = await search(kb, 'hybrid', 'E4711', queryVector, { limit: 2 });
        expect(hybrid.find((hit) => hit.chunkId === 'deploy-guide:0')?.bm25Rank).toBe(1);
      });

      it('searches without a query vector: an ask looks up an acronym before embedding', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const hits = await search(kb, 'bm25', 'E4711', new Float32Array(0));
        expect(chunkIds(hits)).toEqual(['deploy-guide:0']);
        expect(hits[0]?.similarity).toBeUndefined();
      });

      it('matches inflected forms through stemming', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const zero = axis(7);
        expect(chunkIds(await search(kb, 'bm25', 'run', zero))).toEqual(['fitness:0']);
        expect(chunkIds(await search(kb, 'bm25', 'runs', zero))).toEqual(['fitness:0']);
        expect(chunkIds(await search(kb, 'bm25', 'deployments failing', zero))).toEqual([
          'deploy-guide:0',
        ]);
      });

      it('searches headings and titles as well as the text', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        expect(chunkIds(await search(kb, 'bm25', 'troubleshooting', axis(7)))).toEqual([
          'deploy-guide:0',
        ]);
        expect(chunkIds(await search(kb, 'bm25', 'garage', axis(7)))).toEqual(['garage:0']);
      });

      it('treats a stopword-only query as having no terms', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const text = 'What is the, and of it?';
        expect(await search(kb, 'bm25', text, axis(3))).toEqual([]);
        const hybrid = await search(kb, 'hybrid', text, axis(3));
        expect(hybrid.length).toBeGreaterThan(0);
        expect(hybrid[0]?.chunkId).toBe('garage:0');
        for (const hit of hybrid) {
          expect(hit.bm25Rank).toBeUndefined();
          expect(hit.vectorRank).toBeDefined();
        }
      });

      it.each([
        ['"E4711" OR', true],
        ['E4711 OR', true],
        ['E4711 AND', true],
        ['E4711 NEAR(', true],
        ['NEAR(E4711 quota, 2)', true],
        ['E4711*', true],
        ['-E4711', true],
        ['text:E4711', true],
        ['title:E4711', true],
        ['{text title}: E4711', true],
        ['^E4711', true],
        ['(E4711', true],
        ['E4711 "unbalanced', true],
        ["E4711' OR '1'='1", true],
        ['"', false],
        ['*', false],
        ['-', false],
        [':', false],
        ['()', false],
        ['^', false],
        ['"" OR ""', false],
      ])('treats FTS syntax in %j as plain text', async (text, findsErrorCode) => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const bm25 = await search(kb, 'bm25', text, axis(7));
        if (findsErrorCode) {
          expect(bm25[0]?.chunkId).toBe('deploy-guide:0');
        } else {
          expect(bm25).toEqual([]);
        }
        await expect(search(kb, 'hybrid', text, axis(7))).resolves.toBeInstanceOf(Array);
      });

      it('does not let a NOT operator exclude anything', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        expect(chunkIds(await search(kb, 'bm25', 'animals NOT cats', axis(7)))).toEqual(['pets:0']);
      });
    });

    describe('vector leg', () => {
      it('finds a paraphrase that shares no word with the chunk', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const text = 'car maintenance';
        const queryVector = unit([3, 0.95], [0, 0.3]);
        expect(await search(kb, 'bm25', text, queryVector)).toEqual([]);

        const vector = await search(kb, 'vector', text, queryVector);
        expect(vector[0]?.chunkId).toBe('garage:0');
        expect(vector[0]?.similarity).toBeCloseTo(dot(queryVector, axis(3)), 5);
        expect(vector.map((hit) => hit.vectorRank)).toEqual(vector.map((_, i) => i + 1));

        const hybrid = await search(kb, 'hybrid', text, queryVector);
        expect(hybrid[0]).toMatchObject({ chunkId: 'garage:0', vectorRank: 1 });
        expect(hybrid[0]?.bm25Rank).toBeUndefined();
      });

      it('orders hits by cosine similarity', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const queryVector = unit([4, 0.8], [2, 0.5], [0, 0.2]);
        const hits = await search(kb, 'vector', 'anything', queryVector, { limit: 3 });
        expect(chunkIds(hits)).toEqual(['fitness:0', 'pets:0', 'deploy-guide:0']);
        for (const hit of hits) {
          const indexed = Object.values(KNOWLEDGE_BASE)
            .flat()
            .find((c) => c.chunkId === hit.chunkId)!;
          expect(hit.similarity).toBeCloseTo(dot(queryVector, indexed.vector), 5);
        }
      });
    });

    describe('hybrid fusion', () => {
      it('ranks a chunk found by both legs above chunks found by one', async () => {
        const kb = await newCollection();
        await seed(kb, {
          // Text-only match: the term, but a vector far from the query.
          'text-only': [chunk('text-only', 0, 'Invoice invoice invoice.', axis(1))],
          // Found by both legs, but by neither in first place.
          both: [
            chunk(
              'both',
              0,
              'Every invoice is archived for ten years in the finance system.',
              unit([0, 0.8], [1, 0.6]),
            ),
          ],
          // Vector-only match: the nearest vector, none of the words.
          'vector-only': [chunk('vector-only', 0, 'Billing statements are kept.', axis(0))],
          unrelated: [chunk('unrelated', 0, 'The cafeteria opens at noon.', axis(5))],
        });
        const hits = await search(kb, 'hybrid', 'invoice', axis(0), { candidates: 2, limit: 3 });
        expect(hits[0]).toMatchObject({ chunkId: 'both:0', bm25Rank: 2, vectorRank: 2 });
        expect(chunkIds(hits).sort()).toEqual(['both:0', 'text-only:0', 'vector-only:0']);

        const textOnly = hits.find((hit) => hit.chunkId === 'text-only:0')!;
        expect(textOnly).toMatchObject({ bm25Rank: 1 });
        expect(textOnly.vectorRank).toBeUndefined();
        // Computed for BM25-only hits too, so callers can apply a similarity threshold.
        expect(textOnly.similarity).toBeCloseTo(0, 5);

        const vectorOnly = hits.find((hit) => hit.chunkId === 'vector-only:0')!;
        expect(vectorOnly).toMatchObject({ vectorRank: 1 });
        expect(vectorOnly.bm25Rank).toBeUndefined();

        expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
        expect(hits[1]!.score).toBeGreaterThanOrEqual(hits[2]!.score);
      });

      it('single-leg modes report only their own rank', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        for (const hit of await search(kb, 'bm25', 'error rollback', axis(0))) {
          expect(hit.bm25Rank).toBeDefined();
          expect(hit.vectorRank).toBeUndefined();
        }
        for (const hit of await search(kb, 'vector', 'error rollback', axis(0))) {
          expect(hit.vectorRank).toBeDefined();
          expect(hit.bm25Rank).toBeUndefined();
        }
      });
    });

    describe('filters and limits', () => {
      const noiseAndTarget = (): Record<string, IndexedChunk[]> => ({
        noise: Array.from({ length: 10 }, (_, i) =>
          chunk('noise', i, `Invoice ${i}: invoice totals and invoice dates.`, axis(0)),
        ),
        target: [
          chunk(
            'target',
            0,
            'The quarterly report mentions one invoice among many other topics of the meeting.',
            unit([1, 0.9], [0, 0.1]),
          ),
        ],
        other: [chunk('other', 0, 'Invoice reminders go out weekly.', unit([2, 0.9], [0, 0.2]))],
      });

      it.each(MODES)(
        'applies the document filter inside the %s leg, not after it',
        async (mode) => {
          const kb = await newCollection();
          await seed(kb, noiseAndTarget());
          // The ten noise chunks beat the target in both legs; a filter applied after taking
          // three candidates per leg would find nothing.
          const hits = await search(kb, mode, 'invoice', axis(0), {
            documentIds: ['target'],
            candidates: 3,
            limit: 3,
          });
          expect(chunkIds(hits)).toEqual(['target:0']);

          const two = await search(kb, mode, 'invoice', axis(0), {
            documentIds: ['target', 'other'],
            candidates: 3,
          });
          expect(chunkIds(two).sort()).toEqual(['other:0', 'target:0']);
        },
      );

      it.each(MODES)('an empty document filter matches nothing in %s mode', async (mode) => {
        const kb = await newCollection();
        await seed(kb, noiseAndTarget());
        expect(await search(kb, mode, 'invoice', axis(0), { documentIds: [] })).toEqual([]);
      });

      it.each(MODES)('respects the limit in %s mode', async (mode) => {
        const kb = await newCollection();
        await seed(kb, noiseAndTarget());
        const hits = await search(kb, mode, 'invoice', axis(0), { limit: 5 });
        expect(hits).toHaveLength(5);
        expect(new Set(chunkIds(hits)).size).toBe(5);
        for (let i = 1; i < hits.length; i++) {
          expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
        }
      });
    });

    describe('writes', () => {
      const threeChunks = (prefix: string, vector: Float32Array) =>
        [0, 1, 2].map((ordinal) =>
          chunk('handbook', ordinal, `${prefix} paragraph number ${ordinal}.`, vector),
        );

      it('refresh publishes what was written, and has nothing to do for an unknown collection', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        await index.refresh(kb);
        expect(chunkIds(await search(kb, 'bm25', 'E4711', axis(7)))).toEqual(['deploy-guide:0']);
        await expect(index.refresh(`conformance-${randomUUID()}`)).resolves.toBeUndefined();
      });

      it('re-indexing the same document is idempotent', async () => {
        const kb = await newCollection();
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Onboarding', axis(0)));
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Onboarding', axis(0)));
        expect(await index.countChunks(kb)).toBe(3);
        expect(await index.countChunks(kb, 'handbook')).toBe(3);
        for (const mode of MODES) {
          const hits = await search(kb, mode, 'onboarding', axis(0));
          expect(chunkIds(hits).sort()).toEqual(['handbook:0', 'handbook:1', 'handbook:2']);
        }
      });

      it('replacing a document swaps its whole chunk set', async () => {
        const kb = await newCollection();
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Alpha', axis(0)));
        await index.replaceDocumentChunks(kb, 'handbook', [
          chunk('handbook', 0, 'Omega first.', axis(1)),
          chunk('handbook', 1, 'Omega second.', axis(1)),
        ]);
        expect(await index.countChunks(kb, 'handbook')).toBe(2);
        expect(await search(kb, 'bm25', 'alpha', axis(0))).toEqual([]);
        expect(chunkIds(await search(kb, 'bm25', 'omega', axis(0))).sort()).toEqual([
          'handbook:0',
          'handbook:1',
        ]);
        const vector = await search(kb, 'vector', 'x', axis(1));
        expect(vector.map((hit) => hit.text).sort()).toEqual(['Omega first.', 'Omega second.']);
        const stored = await index.getChunks(kb, 'handbook', [0, 1, 2]);
        expect(stored.map((hit) => [hit.ordinal, hit.text])).toEqual([
          [0, 'Omega first.'],
          [1, 'Omega second.'],
        ]);
      });

      it('a rejected replace leaves the previous chunks untouched', async () => {
        const kb = await newCollection();
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Alpha', axis(0)));
        const broken = threeChunks('Beta', axis(1));
        broken[2] = { ...broken[2]!, vector: new Float32Array(DIMENSIONS - 1).fill(0.3) };
        await expect(index.replaceDocumentChunks(kb, 'handbook', broken)).rejects.toThrow();
        expect(await index.countChunks(kb, 'handbook')).toBe(3);
        expect(await search(kb, 'bm25', 'beta', axis(0))).toEqual([]);
        expect(await search(kb, 'bm25', 'alpha', axis(0))).toHaveLength(3);
      });

      it('replacing with no chunks removes the document', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        await index.replaceDocumentChunks(kb, 'pets', []);
        expect(await index.countChunks(kb, 'pets')).toBe(0);
        expect(chunkIds(await search(kb, 'vector', 'cats', axis(2)))).not.toContain('pets:0');
      });

      it('a batched write replaces several documents, each as a replace of its own would', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Alpha', axis(0)));
        await index.replaceDocumentsChunks(kb, [
          {
            documentId: 'handbook',
            chunks: [chunk('handbook', 0, 'Omega first.', axis(1))],
          },
          { documentId: 'fresh', chunks: [chunk('fresh', 0, 'A brand new page.', axis(6))] },
          { documentId: 'pets', chunks: [] },
        ]);
        expect(await index.countChunks(kb, 'handbook')).toBe(1);
        expect(await index.countChunks(kb, 'fresh')).toBe(1);
        expect(await index.countChunks(kb, 'pets')).toBe(0);
        expect(await search(kb, 'bm25', 'alpha', axis(0))).toEqual([]);
        expect(chunkIds(await search(kb, 'bm25', 'brand', axis(0)))).toEqual(['fresh:0']);
        expect(chunkIds(await search(kb, 'vector', 'x', axis(6), { limit: 1 }))).toEqual([
          'fresh:0',
        ]);
        await index.replaceDocumentsChunks(kb, []);
        expect(await index.countChunks(kb, 'fresh')).toBe(1);
      });

      it('a batched write with one bad chunk, or a document twice, writes nothing', async () => {
        const kb = await newCollection();
        await index.replaceDocumentChunks(kb, 'handbook', threeChunks('Alpha', axis(0)));
        const broken = chunk('other', 0, 'Broken.', new Float32Array(DIMENSIONS - 1).fill(0.3));
        await expect(
          index.replaceDocumentsChunks(kb, [
            { documentId: 'handbook', chunks: threeChunks('Beta', axis(1)) },
            { documentId: 'other', chunks: [broken] },
          ]),
        ).rejects.toThrow();
        await expect(
          index.replaceDocumentsChunks(kb, [
            { documentId: 'handbook', chunks: threeChunks('Beta', axis(1)) },
            { documentId: 'handbook', chunks: [] },
          ]),
        ).rejects.toThrow(/twice/);
        expect(await search(kb, 'bm25', 'beta', axis(0))).toEqual([]);
        expect(await search(kb, 'bm25', 'alpha', axis(0))).toHaveLength(3);
        expect(await index.countChunks(kb, 'other')).toBe(0);
      });

      it('deleteDocument removes only that document', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        await index.deleteDocument(kb, 'deploy-guide');
        await index.deleteDocument(kb, 'never-indexed');
        expect(await index.countChunks(kb, 'deploy-guide')).toBe(0);
        expect(await index.countChunks(kb)).toBe(3);
        expect(await index.getChunks(kb, 'deploy-guide', [0, 1])).toEqual([]);
        for (const mode of MODES) {
          const hits = await search(kb, mode, 'E4711 rollbacks', axis(0));
          expect(hits.every((hit) => hit.documentId !== 'deploy-guide')).toBe(true);
        }
        expect(chunkIds(await search(kb, 'bm25', 'cats', axis(2)))).toEqual(['pets:0']);
      });

      it('deleteCollection removes everything and frees the id', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        await index.deleteCollection(kb);
        await index.deleteCollection(kb);
        expect(await index.countChunks(kb)).toBe(0);
        for (const mode of MODES) {
          expect(await search(kb, mode, 'E4711', axis(0))).toEqual([]);
        }
        // Gone means gone: the id can come back with other dimensions.
        await index.ensureCollection(kb, DIMENSIONS * 2);
        expect(await index.countChunks(kb)).toBe(0);
      });
    });

    describe('collections', () => {
      it('are isolated even when they use the same document and chunk ids', async () => {
        const a = await newCollection();
        const b = await newCollection();
        await index.replaceDocumentChunks(a, 'doc', [
          chunk('doc', 0, 'Apples grow in the northern orchard.', axis(0)),
        ]);
        await index.replaceDocumentChunks(b, 'doc', [
          chunk('doc', 0, 'Bananas ripen in the southern warehouse.', axis(0)),
          chunk('doc', 1, 'Apples are sold at the market.', axis(1)),
        ]);
        expect(await index.countChunks(a)).toBe(1);
        expect(await index.countChunks(b)).toBe(2);
        for (const mode of MODES) {
          const hits = await search(a, mode, 'bananas apples market', axis(1));
          expect(hits.map((hit) => hit.text)).toEqual(['Apples grow in the northern orchard.']);
        }
        await index.deleteDocument(a, 'doc');
        expect(await index.countChunks(b, 'doc')).toBe(2);
        await index.deleteCollection(b);
        await index.replaceDocumentChunks(a, 'doc', [chunk('doc', 0, 'Cherries.', axis(2))]);
        expect(await index.countChunks(a)).toBe(1);
        expect(chunkIds(await search(a, 'bm25', 'cherries', axis(2)))).toEqual(['doc:0']);
      });

      it('refuse other dimensions than the stored ones', async () => {
        const kb = await newCollection();
        await expect(index.ensureCollection(kb, DIMENSIONS)).resolves.toBeUndefined();
        await expect(index.ensureCollection(kb, DIMENSIONS + 8)).rejects.toThrow(/dimension/i);
        await expect(
          index.replaceDocumentChunks(kb, 'doc', [
            chunk('doc', 0, 'Short vector.', new Float32Array(DIMENSIONS - 1).fill(0.5)),
          ]),
        ).rejects.toThrow(/dimension/i);
        expect(await index.countChunks(kb)).toBe(0);
        await seed(kb, KNOWLEDGE_BASE);
        for (const mode of ['vector', 'hybrid'] as const) {
          await expect(
            search(kb, mode, 'E4711', new Float32Array(DIMENSIONS + 1).fill(0.1)),
          ).rejects.toThrow(/dimension/i);
        }
      });
    });

    describe('reads', () => {
      it('getChunks returns the requested ordinals in order and leaves out missing ones', async () => {
        const kb = await newCollection();
        await index.replaceDocumentChunks(
          kb,
          'manual',
          [0, 1, 2, 3].map((ordinal) =>
            chunk('manual', ordinal, `Step ${ordinal}.`, axis(ordinal), { pageNum: ordinal + 1 }),
          ),
        );
        const hits = await index.getChunks(kb, 'manual', [3, 1, 9]);
        expect(hits.map((hit) => [hit.chunkId, hit.ordinal, hit.pageNum, hit.text])).toEqual([
          ['manual:1', 1, 2, 'Step 1.'],
          ['manual:3', 3, 4, 'Step 3.'],
        ]);
        expect(await index.getChunks(kb, 'manual', [])).toEqual([]);
        expect(await index.getChunks(kb, 'other-document', [0])).toEqual([]);
      });

      it('termDocumentCounts counts the chunks holding each word as BM25 matches it', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        const words = ['guide', 'runs', 'Rollbacks', 'troubleshooting', 'zebra', ' ', 'OR'];
        expect(await index.termDocumentCounts(kb, words)).toEqual({
          chunks: 5,
          // title, stemmed text ("running"), text and headings of one chunk, headings, none...
          counts: [2, 1, 1, 1, 0, 0, 0],
        });
        expect(await index.termDocumentCounts(kb, [])).toEqual({ chunks: 5, counts: [] });
        expect(await index.termDocumentCounts(`${kb}-absent`, ['guide'])).toEqual({
          chunks: 0,
          counts: [0],
        });
        await expect(
          index.termDocumentCounts(
            kb,
            Array.from({ length: 65 }, (_, i) => `w${i}`),
          ),
        ).rejects.toThrow(RangeError);
      });

      it('splits words at punctuation as the embedded BM25 does: identifiers count and match by their parts', async () => {
        const kb = await newCollection();
        await seed(kb, {
          tokens: [
            chunk('tokens', 0, 'Token | Light\ncolor.secondary | #8250DF', axis(0)),
            chunk('tokens', 1, 'Set retry_limit in docent.yaml to 3.5 seconds.', axis(1)),
            chunk('tokens', 2, 'The secondary colour is purple.', axis(2)),
          ],
        });
        // Question words come split (contentWords): each part counts the chunks holding it.
        expect(
          await index.termDocumentCounts(kb, ['secondary', 'color', 'yaml', 'limit', '5']),
        ).toEqual({
          chunks: 3,
          counts: [2, 1, 1, 1, 1],
        });
        const hits = await search(kb, 'bm25', 'docent retry', axis(3));
        expect(hits.map((h) => h.chunkId)).toEqual(['tokens:1']);
        // Stopwords are indexed as the embedded index does ("the" is not a content word there).
        expect(await index.termDocumentCounts(kb, ['in', 'to'])).toEqual({
          chunks: 3,
          counts: [1, 1],
        });
      });

      it('termDocumentCounts counts a word of several tokens where they are written together', async () => {
        const kb = await newCollection();
        await seed(kb, {
          options: [
            chunk('options', 0, 'max-cache-ttl sets the longest time a record is cached.', axis(0)),
            chunk('options', 1, 'The cache keeps a max of one ttl per record.', axis(1)),
          ],
        });
        expect(
          await index.termDocumentCounts(kb, ['max-cache-ttl', 'max-negative-ttl', 'max', 'ttl']),
        ).toEqual({ chunks: 2, counts: [1, 0, 2, 2] });
      });

      it('countChunks counts per collection and per document', async () => {
        const kb = await newCollection();
        await seed(kb, KNOWLEDGE_BASE);
        expect(await index.countChunks(kb)).toBe(5);
        expect(await index.countChunks(kb, 'deploy-guide')).toBe(2);
        expect(await index.countChunks(kb, 'pets')).toBe(1);
        expect(await index.countChunks(kb, 'nope')).toBe(0);
      });
    });
  });
}
