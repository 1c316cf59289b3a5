import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EmbeddedSearchIndex, type SearchQuery } from '../src';
import { CollectionStatements } from '../src/embedded/collection-statements';
import { collectionTables, documentKey } from '../src/embedded/sqlite-schema';
import { VectorMatrix } from '../src/vectors/vector-matrix';
import { axis, chunk, DIMENSIONS, KNOWLEDGE_BASE, unit } from './conformance/search-index-fixtures';
import { describeSearchIndexConformance } from './conformance/search-index.conformance';
import { temporaryDirectory, type TemporaryDirectory } from './support/temporary-directory';

describeSearchIndexConformance('embedded (:memory:)', async () => {
  const index = new EmbeddedSearchIndex({ path: ':memory:' });
  return { index, cleanup: () => index.close() };
});

describeSearchIndexConformance('embedded (:memory:, JS vector scorer)', async () => {
  const index = new EmbeddedSearchIndex({ path: ':memory:', vectorScorer: 'js' });
  return { index, cleanup: () => index.close() };
});

describeSearchIndexConformance('embedded (file)', async () => {
  const directory = temporaryDirectory();
  const index = new EmbeddedSearchIndex({ path: join(directory.path, 'nested', 'index.sqlite') });
  return {
    index,
    cleanup: async () => {
      await index.close();
      directory.remove();
    },
  };
});

describe('EmbeddedSearchIndex', () => {
  let directory: TemporaryDirectory;
  let path: string;
  const opened: EmbeddedSearchIndex[] = [];

  const open = (options: Partial<ConstructorParameters<typeof EmbeddedSearchIndex>[0]> = {}) => {
    const index = new EmbeddedSearchIndex({ path, ...options });
    opened.push(index);
    return index;
  };

  const query = (collectionId: string, extra: Partial<SearchQuery>): SearchQuery => ({
    collectionId,
    text: '',
    vector: axis(0),
    limit: 10,
    ...extra,
  });

  beforeEach(() => {
    directory = temporaryDirectory();
    path = join(directory.path, 'index.sqlite');
  });

  afterEach(async () => {
    for (const index of opened.splice(0)) await index.close();
    directory.remove();
  });

  describe('sharing one file between processes', () => {
    it('uses WAL journaling so readers and a writer do not block each other', async () => {
      open();
      const raw = new Database(path, { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        raw.close();
      }
    });

    it('reloads cached vectors after another connection writes', async () => {
      const writer = open();
      const reader = open();
      await writer.ensureCollection('kb', DIMENSIONS);
      await writer.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'First version.', axis(0))]);
      const before = await reader.search(query('kb', { mode: 'vector', vector: axis(5) }));
      expect(before.map((hit) => hit.text)).toEqual(['First version.']);

      await writer.replaceDocumentChunks('kb', 'doc', [
        chunk('doc', 0, 'Second version.', axis(5)),
      ]);
      await writer.replaceDocumentChunks('kb', 'other', [chunk('other', 0, 'Other.', axis(1))]);
      const after = await reader.search(query('kb', { mode: 'vector', vector: axis(5) }));
      expect(after[0]).toMatchObject({ text: 'Second version.', vectorRank: 1 });
      expect(after[0]?.similarity).toBeCloseTo(1, 5);
      expect(after).toHaveLength(2);

      await writer.deleteDocument('kb', 'doc');
      const afterDelete = await reader.search(query('kb', { mode: 'vector', vector: axis(5) }));
      expect(afterDelete.map((hit) => hit.text)).toEqual(['Other.']);
    });

    describe("catching up with another connection's writes", () => {
      /** A burst of writes: new documents, replacements (smaller and larger), deletions. */
      const writeBurst = async (writer: EmbeddedSearchIndex) => {
        const doc = (id: string, count: number, axisIndex: number) =>
          Array.from({ length: count }, (_, ordinal) =>
            chunk(id, ordinal, `${id} ${ordinal}`, unit([axisIndex, 1], [ordinal % 8, 0.3])),
          );
        await writer.replaceDocumentChunks('kb', 'a', doc('a', 3, 5));
        await writer.replaceDocumentChunks('kb', 'new', doc('new', 6, 6));
        await writer.deleteDocument('kb', 'b');
        await writer.replaceDocumentChunks('kb', 'c', [
          chunk('c', 0, 'tie 0', axis(7)),
          chunk('c', 1, 'tie 1', axis(7)),
        ]);
        await writer.replaceDocumentChunks('kb', 'a', doc('a', 8, 2));
        await writer.replaceDocumentChunks('kb', 'b', doc('b', 2, 3));
      };
      const seedThree = async (writer: EmbeddedSearchIndex) => {
        await writer.ensureCollection('kb', DIMENSIONS);
        for (const [id, axisIndex] of [
          ['a', 0],
          ['b', 1],
          ['c', 2],
        ] as const) {
          await writer.replaceDocumentChunks(
            'kb',
            id,
            [0, 1, 2, 3].map((ordinal) => chunk(id, ordinal, `${id} ${ordinal}`, axis(axisIndex))),
          );
        }
      };
      const everyRanking = async (index: EmbeddedSearchIndex) => {
        const rankings: string[][] = [];
        for (let axisIndex = 0; axisIndex < DIMENSIONS; axisIndex++) {
          for (const documentIds of [undefined, ['a'], ['b', 'new']]) {
            const hits = await index.search(
              query('kb', { mode: 'vector', vector: axis(axisIndex), documentIds, limit: 50 }),
            );
            rankings.push(hits.map((hit) => hit.chunkId));
          }
        }
        return rankings;
      };

      afterEach(() => jest.restoreAllMocks());

      it('reads only the changed documents while the change log covers the gap', async () => {
        const writer = open();
        const reader = open();
        await seedThree(writer);
        await everyRanking(reader);
        await writeBurst(writer);
        const fullLoads = jest.spyOn(VectorMatrix, 'load');
        const caughtUp = await everyRanking(reader);
        expect(fullLoads).not.toHaveBeenCalled();
        fullLoads.mockRestore();
        expect(caughtUp).toEqual(await everyRanking(open()));
        expect(await reader.countChunks('kb')).toBe(18);
      });

      it('reloads everything when it fell further behind than the change log', async () => {
        const writer = open({ changeLogGenerations: 2 });
        const reader = open();
        await seedThree(writer);
        await everyRanking(reader);
        await writeBurst(writer);
        const fullLoads = jest.spyOn(VectorMatrix, 'load');
        const reloaded = await everyRanking(reader);
        expect(fullLoads).toHaveBeenCalledTimes(1);
        fullLoads.mockRestore();
        expect(reloaded).toEqual(await everyRanking(open()));
      });
    });

    it('never serves a dropped collection from the cache, even when recreated', async () => {
      const writer = open();
      const reader = open();
      await writer.ensureCollection('kb', DIMENSIONS);
      await writer.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Old.', axis(0))]);
      expect(await reader.search(query('kb', { mode: 'vector' }))).toHaveLength(1);

      await writer.deleteCollection('kb');
      expect(await reader.search(query('kb', { mode: 'vector' }))).toEqual([]);
      expect(await reader.countChunks('kb')).toBe(0);

      // Same id, same number of writes: the generation counter is back where the reader saw it.
      await writer.ensureCollection('kb', DIMENSIONS);
      await writer.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'New.', axis(3))]);
      const hits = await reader.search(query('kb', { mode: 'vector', vector: axis(3) }));
      expect(hits.map((hit) => [hit.text, hit.similarity])).toEqual([['New.', expect.any(Number)]]);
      expect(hits[0]?.similarity).toBeCloseTo(1, 5);
    });

    it('keeps the data when the file is reopened', async () => {
      const first = open();
      await first.ensureCollection('kb', DIMENSIONS);
      for (const [documentId, chunks] of Object.entries(KNOWLEDGE_BASE)) {
        await first.replaceDocumentChunks('kb', documentId, chunks);
      }
      await first.close();

      const reopened = open();
      expect(await reopened.countChunks('kb')).toBe(5);
      await expect(reopened.ensureCollection('kb', DIMENSIONS + 1)).rejects.toThrow(/dimension/);
      const hits = await reopened.search(query('kb', { text: 'E4711', vector: axis(0) }));
      expect(hits[0]).toMatchObject({ chunkId: 'deploy-guide:0', bm25Rank: 1, vectorRank: 1 });
    });
  });

  describe('collection ids', () => {
    it.each([
      ['SQL-looking', 'kb"; DROP TABLE search_index_collections; --'],
      ['unicode', 'équipe/文档 🚀'],
      ['very long', 'x'.repeat(5000)],
      ['whitespace', ' '],
    ])('accepts %s ids and keeps them apart', async (_label, collectionId) => {
      const index = open();
      await index.ensureCollection(collectionId, DIMENSIONS);
      await index.ensureCollection('plain', DIMENSIONS);
      await index.replaceDocumentChunks(collectionId, 'doc', [chunk('doc', 0, 'Zebra.', axis(0))]);
      await index.replaceDocumentChunks('plain', 'doc', [chunk('doc', 0, 'Yak.', axis(0))]);
      const hits = await index.search(query(collectionId, { text: 'zebra yak' }));
      expect(hits.map((hit) => hit.text)).toEqual(['Zebra.']);
      await index.deleteCollection(collectionId);
      expect(await index.countChunks('plain')).toBe(1);
    });

    it('rejects an empty id', async () => {
      await expect(open().ensureCollection('', DIMENSIONS)).rejects.toThrow(/collectionId/);
    });
  });

  describe('validation', () => {
    it('refuses writes to a collection that was never ensured', async () => {
      await expect(
        open().replaceDocumentChunks('missing', 'doc', [chunk('doc', 0, 'Text.', axis(0))]),
      ).rejects.toThrow(/ensureCollection/);
    });

    it('answers reads of an unknown collection with nothing', async () => {
      const index = open();
      expect(await index.search(query('missing', { text: 'anything' }))).toEqual([]);
      expect(await index.countChunks('missing')).toBe(0);
      expect(await index.getChunks('missing', 'doc', [0])).toEqual([]);
      await expect(index.deleteDocument('missing', 'doc')).resolves.toBeUndefined();
    });

    it('refuses a chunk that belongs to another document, keeping both documents intact', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'a', [chunk('a', 0, 'A.', axis(0))]);
      const stolen = { ...chunk('b', 0, 'B.', axis(1)), chunkId: 'a:0' };
      await expect(index.replaceDocumentChunks('kb', 'b', [stolen])).rejects.toThrow(
        'chunkId "a:0" already belongs to another document',
      );
      const mislabelled = chunk('a', 1, 'A1.', axis(1));
      await expect(index.replaceDocumentChunks('kb', 'b', [mislabelled])).rejects.toThrow(
        /another document/,
      );
      expect(await index.countChunks('kb', 'a')).toBe(1);
      expect(await index.countChunks('kb', 'b')).toBe(0);
    });

    it('refuses vectors with non-finite components', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      const vector = axis(0);
      vector[3] = Number.NaN;
      await expect(
        index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Text.', vector)]),
      ).rejects.toThrow(/finite/);
    });

    it('rejects invalid limits and modes', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      await expect(index.search(query('kb', { limit: -1 }))).rejects.toThrow(/limit/);
      await expect(index.search(query('kb', { limit: 1.5 }))).rejects.toThrow(/limit/);
      await expect(index.search(query('kb', { candidates: -3 }))).rejects.toThrow(/candidates/);
      await expect(
        index.search(query('kb', { mode: 'fuzzy' as SearchQuery['mode'] })),
      ).rejects.toThrow(/mode/);
      expect(await index.search(query('kb', { limit: 0 }))).toEqual([]);
    });

    it('rejects invalid options', () => {
      expect(() => new EmbeddedSearchIndex({ path: ':memory:', rrfK: 0 })).toThrow(/rrfK/);
      expect(() => new EmbeddedSearchIndex({ path: ':memory:', changeLogGenerations: 0 })).toThrow(
        /changeLogGenerations/,
      );
      expect(
        () => new EmbeddedSearchIndex({ path: ':memory:', bm25Weights: { title: -1 } }),
      ).toThrow(/title/);
    });
  });

  describe('scoring', () => {
    it('stores vectors at unit length, so similarity is the cosine', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      const long = new Float32Array(DIMENSIONS);
      long[0] = 3;
      long[1] = 4;
      await index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Text.', long)]);
      const query3x = axis(0).map((component) => component * 3);
      const [hit] = await index.search(query('kb', { mode: 'vector', vector: query3x }));
      expect(hit?.similarity).toBeCloseTo(0.6, 5);
    });

    it('a BM25 search reports similarities when given a usable vector', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Glacier.', axis(0))]);
      const withVector = await index.search(
        query('kb', { mode: 'bm25', text: 'glacier', vector: unit([0, 0.6], [1, 0.8]) }),
      );
      expect(withVector[0]?.similarity).toBeCloseTo(0.6, 5);
      const withoutVector = await index.search(
        query('kb', { mode: 'bm25', text: 'glacier', vector: new Float32Array(0) }),
      );
      expect(withoutVector).toHaveLength(1);
      expect(withoutVector[0]?.similarity).toBeUndefined();
    });

    it('weights BM25 columns as configured', async () => {
      const seedInto = async (index: EmbeddedSearchIndex) => {
        await index.ensureCollection('kb', DIMENSIONS);
        await index.replaceDocumentChunks('kb', 'in-title', [
          chunk('in-title', 0, 'Notes about the spring offsite.', axis(0), { title: 'Budget' }),
        ]);
        await index.replaceDocumentChunks('kb', 'in-text', [
          chunk('in-text', 0, 'The budget for the spring offsite.', axis(1), { title: 'Notes' }),
        ]);
      };
      const ranking = async (bm25Weights: { text: number; title: number }) => {
        const index = new EmbeddedSearchIndex({ path: ':memory:', bm25Weights });
        opened.push(index);
        await seedInto(index);
        const hits = await index.search(query('kb', { mode: 'bm25', text: 'budget' }));
        return hits.map((hit) => hit.documentId);
      };
      expect(await ranking({ text: 1, title: 10 })).toEqual(['in-title', 'in-text']);
      expect(await ranking({ text: 10, title: 1 })).toEqual(['in-text', 'in-title']);
    });

    it('never matches query text against the hidden document key column', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Walrus.', axis(0))]);
      const text = documentKey('doc');
      expect(await index.search(query('kb', { mode: 'bm25', text }))).toEqual([]);
      expect(await index.search(query('kb', { mode: 'bm25', text, documentIds: ['doc'] }))).toEqual(
        [],
      );
    });

    it('accepts a document filter naming thousands of documents', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      for (let d = 0; d < 20; d++) {
        await index.replaceDocumentChunks('kb', `doc-${d}`, [
          chunk(`doc-${d}`, 0, `Walrus number ${d}.`, unit([d % DIMENSIONS, 1], [0, 0.1])),
        ]);
      }
      const documentIds = Array.from({ length: 5000 }, (_, i) => `doc-${i * 7}`);
      const expected = ['doc-0', 'doc-14', 'doc-7'];
      for (const mode of ['bm25', 'vector', 'hybrid'] as const) {
        const hits = await index.search(query('kb', { mode, text: 'walrus', documentIds }));
        expect(hits.map((hit) => hit.documentId).sort()).toEqual(expected);
      }
    });

    it('ranks the same whether a document filter is short or long', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      for (let d = 0; d < 12; d++) {
        await index.replaceDocumentChunks(
          'kb',
          `doc-${d}`,
          [0, 1, 2].map((ordinal) =>
            chunk(`doc-${d}`, ordinal, `${'walrus '.repeat(1 + ((d + ordinal) % 4))}tusk`, axis(0)),
          ),
        );
      }
      const wanted = ['doc-2', 'doc-5', 'doc-9'];
      const padded = [...wanted, ...Array.from({ length: 300 }, (_, i) => `missing-${i}`)];
      const ranking = async (documentIds: string[]) =>
        (await index.search(query('kb', { mode: 'bm25', text: 'walrus', documentIds }))).map(
          (hit) => [hit.chunkId, hit.bm25Rank],
        );
      const short = await ranking(wanted);
      expect(short).toHaveLength(9);
      expect(await ranking(padded)).toEqual(short);
    });

    it('uses the configured RRF constant', async () => {
      const index = new EmbeddedSearchIndex({ path: ':memory:', rrfK: 10 });
      opened.push(index);
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Walrus.', axis(0))]);
      const [hit] = await index.search(query('kb', { text: 'walrus' }));
      expect(hit?.score).toBeCloseTo(2 / 11, 10);
    });

    it('convex fusion: a BM25 candidate the vector leg missed gets its exact cosine, and each hit comes with its own extras', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      const withExtras = (c: ReturnType<typeof chunk>, byte: number) => ({
        ...c,
        extras: Uint8Array.of(byte),
      });
      await index.replaceDocumentsChunks('kb', [
        {
          documentId: 'a',
          chunks: [withExtras(chunk('a', 0, 'walrus walrus walrus', axis(1)), 1)],
        },
        {
          documentId: 'b',
          chunks: [withExtras(chunk('b', 0, 'walrus', unit([0, 0.6], [1, 0.8])), 2)],
        },
        { documentId: 'c', chunks: [withExtras(chunk('c', 0, 'penguin', axis(0)), 3)] },
        { documentId: 'd', chunks: [withExtras(chunk('d', 0, 'seal', unit([0, 0.5], [2, 1])), 4)] },
      ]);
      const stages: string[] = [];
      const byIds = jest.spyOn(CollectionStatements.prototype, 'byIds');
      const vectorsByIds = jest.spyOn(CollectionStatements.prototype, 'vectorsByIds');
      const hits = await index.search(
        query('kb', {
          text: 'walrus',
          fusion: 'convex',
          candidates: 2,
          limit: 4,
          extras: true,
          onStage: (stage) => stages.push(stage),
        }),
      );
      // BM25 leg: a, b; vector leg: c, b. a's cosine (0) is read from its stored vector; d is
      // no candidate. Each hit comes with its own extras. Only a's vector is read, and the hits'
      // rows are read once, without their vectors.
      expect(vectorsByIds.mock.calls.map(([ids]) => ids.length)).toEqual([1]);
      expect(byIds.mock.calls.map(([ids, reading]) => [ids.length, reading])).toEqual([
        [3, { extras: true, vector: false }],
      ]);
      byIds.mockRestore();
      vectorsByIds.mockRestore();
      const similarity = new Map(hits.map((hit) => [hit.documentId, hit.similarity]));
      expect([...similarity.keys()].sort()).toEqual(['a', 'b', 'c']);
      expect(similarity.get('a')).toBeCloseTo(0, 6);
      expect(similarity.get('b')).toBeCloseTo(0.6, 6);
      expect(similarity.get('c')).toBeCloseTo(1, 6);
      const extrasOf = { a: 1, b: 2, c: 3 } as Record<string, number>;
      expect(hits.map((hit) => [...(hit.extras ?? [])])).toEqual(
        hits.map((hit) => [extrasOf[hit.documentId]]),
      );
      // Convex: the best BM25 counts 1, the cosines are scaled over 0..1.
      expect(hits.find((hit) => hit.documentId === 'a')?.score).toBeCloseTo(1, 6);
      expect(hits.find((hit) => hit.documentId === 'c')?.score).toBeCloseTo(1, 6);
      expect(stages).toEqual(['bm25', 'vector', 'fusion', 'rows']);
    });

    it('skips the vector leg for a zero query vector', async () => {
      const index = open();
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'doc', [chunk('doc', 0, 'Walrus.', axis(0))]);
      const zero = new Float32Array(DIMENSIONS);
      expect(await index.search(query('kb', { mode: 'vector', vector: zero }))).toEqual([]);
      const hybrid = await index.search(query('kb', { text: 'walrus', vector: zero }));
      expect(hybrid.map((hit) => [hit.bm25Rank, hit.vectorRank])).toEqual([[1, undefined]]);
    });

    it('stays correct when the vector cache budget forces reloads', async () => {
      const index = open({ vectorCacheBytes: 1 });
      for (const collectionId of ['a', 'b']) {
        await index.ensureCollection(collectionId, DIMENSIONS);
        await index.replaceDocumentChunks(collectionId, 'doc', [
          chunk('doc', 0, `${collectionId} zero`, axis(0)),
          chunk('doc', 1, `${collectionId} one`, axis(1)),
        ]);
      }
      for (let round = 0; round < 3; round++) {
        for (const collectionId of ['a', 'b']) {
          const [hit] = await index.search(
            query(collectionId, { mode: 'vector', vector: axis(1), limit: 1 }),
          );
          expect(hit?.text).toBe(`${collectionId} one`);
        }
      }
    });
  });

  describe('lifecycle', () => {
    it('is healthy while open and refuses work once closed', async () => {
      const index = open();
      await expect(index.health()).resolves.toBeUndefined();
      await index.close();
      await index.close();
      await expect(index.health()).rejects.toThrow(/closed/);
      await expect(index.search(query('kb', {}))).rejects.toThrow(/closed/);
    });

    it('refuses a file written by a newer schema version', async () => {
      await open().close();
      const raw = new Database(path);
      raw.prepare("UPDATE search_index_meta SET value = '999' WHERE key = 'schema_version'").run();
      raw.close();
      expect(() => new EmbeddedSearchIndex({ path })).toThrow(/schema version 999/);
    });

    /** Writes one chunk ("old") in collection kb, then rewrites the file as schema `version` had it. */
    async function fileOfVersion(
      version: number,
      alter: (raw: Database.Database, chunks: string) => void,
    ): Promise<void> {
      const before = open();
      await before.ensureCollection('kb', DIMENSIONS);
      await before.replaceDocumentChunks('kb', 'old', [
        chunk('old', 0, 'Rotate the keys.', axis(0)),
      ]);
      await before.close();
      const raw = new Database(path);
      alter(raw, collectionTables('kb').chunks);
      raw
        .prepare("UPDATE search_index_meta SET value = ? WHERE key = 'schema_version'")
        .run(String(version));
      raw.close();
    }

    it('opens a version-1 file: old chunks keep answering, new ones store extras and layouts', async () => {
      // What version 1 wrote: no sentence-vector column (now `extras`).
      await fileOfVersion(1, (raw, chunks) => {
        raw.exec(`ALTER TABLE ${chunks} DROP COLUMN extras`);
        raw.exec(`ALTER TABLE ${chunks} DROP COLUMN layout`);
      });

      const after = open();
      const [old] = await after.search(query('kb', { text: 'rotate keys', mode: 'bm25' }));
      expect(old?.chunkId).toBe('old:0');
      expect(old?.extras).toBeUndefined();
      await after.replaceDocumentChunks('kb', 'new', [
        {
          ...chunk('new', 0, 'Renew the lease.', axis(1)),
          extras: Uint8Array.of(1, 2, 3),
          layout: '[["p",0,16]]',
        },
      ]);
      const [fresh] = await after.search(
        query('kb', { text: 'renew lease', mode: 'bm25', extras: true }),
      );
      expect(fresh?.extras && [...fresh.extras]).toEqual([1, 2, 3]);
      expect(fresh?.layout).toBe('[["p",0,16]]');
      await after.close();
      const check = new Database(path);
      expect(
        check
          .prepare("SELECT value FROM search_index_meta WHERE key = 'schema_version'")
          .pluck()
          .get(),
      ).toBe('4');
      check.close();
    });

    it("opens a version-3 file: the sentence vectors it stored come back as the chunks' extras", async () => {
      // What version 3 wrote: the extractive answerer's sentence vectors in `sentence_vectors`.
      await fileOfVersion(3, (raw, chunks) => {
        raw.exec(`ALTER TABLE ${chunks} RENAME COLUMN extras TO sentence_vectors`);
        raw.prepare(`UPDATE ${chunks} SET sentence_vectors = ?`).run(Buffer.from([1, 2, 0, 9]));
      });

      const after = open();
      const [old] = await after.search(
        query('kb', { text: 'rotate keys', mode: 'bm25', extras: true }),
      );
      expect(old?.chunkId).toBe('old:0');
      expect(old?.extras && [...old.extras]).toEqual([1, 2, 0, 9]);
      await after.close();
    });
  });
});
