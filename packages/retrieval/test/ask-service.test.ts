import type { Answerer, AnswerRequest } from '@docent/answerers';
import type { CollectionResolver } from '@docent/catalog';
import type { Embedder } from '@docent/embedder';
import type { DocumentLookup } from '@docent/metadata-store';
import type { SearchHit, SearchIndex } from '@docent/search-index';
import { AskService } from '../src';

const hit = (documentId: string, ordinal: number, similarity: number): SearchHit => ({
  chunkId: `${documentId}:${ordinal}`,
  documentId,
  ordinal,
  pageNum: ordinal + 1,
  text: `${documentId} passage ${ordinal}`,
  headings: '',
  title: documentId,
  score: 1 - ordinal / 10,
  similarity,
});

/** An ask service over fixed hits, whose answerer cites the second passage. */
function askService(
  options: { citedFirst?: boolean } = {},
  answererKind: Pick<Answerer, 'citesPassages' | 'readsTermCounts'> = {
    citesPassages: true,
    readsTermCounts: true,
  },
) {
  const requests: AnswerRequest[] = [];
  const countCalls: Array<[string, string[]]> = [];
  const hits = [hit('guide', 0, 0.8), hit('faq', 1, 0.5), hit('guide', 2, 0.4)];
  const index = {
    search: async () => hits,
    termDocumentCounts: async (collectionId: string, words: string[]) => {
      countCalls.push([collectionId, words]);
      return { chunks: 40, counts: words.map((_, i) => i + 1) };
    },
  } as unknown as SearchIndex;
  const store = {
    getDocumentsByIds: async (ids: string[]) =>
      ids.map((id) => ({
        id,
        name: `${id}.md`,
        // The guide is a PDF whose pages can be linked to; the FAQ a page of its own.
        sourceUrl: `https://wiki.example/${id}`,
        pageUrlTemplate: id === 'guide' ? 'https://wiki.example/guide.pdf#page={page}' : null,
      })),
  } as unknown as DocumentLookup;
  const embedder = { embedQuery: async () => new Float32Array([1, 0]) } as unknown as Embedder;
  const resolver = {
    collection: async () => ({ collection: { id: 'c1' } }),
  } as unknown as CollectionResolver;
  const answerer: Answerer = {
    ...answererKind,
    answer: async (request) => {
      requests.push(request);
      return { text: 'faq passage 1', usedPassageIds: ['faq:1'], found: true };
    },
  };
  const service = new AskService(store, index, embedder, answerer, resolver, options);
  const ask = (question: string) =>
    service.ask('account', { namespaceName: 'ns', collectionName: 'kb', question });
  return { ask, requests, countCalls };
}

describe('AskService', () => {
  it("gives the answerer the collection's counts of the question's words and each passage's similarity", async () => {
    const { ask, requests, countCalls } = askService();
    await ask('How do deploys deploy on Fridays?');
    expect(countCalls).toEqual([['c1', ['deploys', 'deploy', 'fridays']]]);
    expect(requests[0]!.termCounts).toEqual({
      chunks: 40,
      byWord: new Map([
        ['deploys', 1],
        ['deploy', 2],
        ['fridays', 3],
      ]),
    });
    expect(requests[0]!.passages.map((p) => p.similarity)).toEqual([0.8, 0.5, 0.4]);
  });

  it('asks the index for no counts when the answerer does not read them', async () => {
    const { ask, requests, countCalls } = askService(
      {},
      { citesPassages: true, readsTermCounts: false },
    );
    await ask('How do deploys deploy on Fridays?');
    expect(countCalls).toEqual([]);
    expect(requests[0]!.termCounts).toBeUndefined();
  });

  it('keeps retrieval order by default when the answerer only quotes its passages', async () => {
    const quoting = askService({}, { citesPassages: false, readsTermCounts: true });
    expect((await quoting.ask('Where is the FAQ?')).refs.map((r) => r.sampleText)).toEqual([
      'guide passage 0',
      'faq passage 1',
      'guide passage 2',
    ]);
  });

  it('puts the cited passage first by default, and keeps retrieval order when told', async () => {
    const cited = await askService().ask('Where is the FAQ?');
    expect(cited.refs.map((r) => r.sampleText)).toEqual([
      'faq passage 1',
      'guide passage 0',
      'guide passage 2',
    ]);
    const ranked = await askService({ citedFirst: false }).ask('Where is the FAQ?');
    expect(ranked.refs.map((r) => r.sampleText)).toEqual([
      'guide passage 0',
      'faq passage 1',
      'guide passage 2',
    ]);
  });

  it('links each reference to its page where the source can, else to its document', async () => {
    const { refs } = await askService().ask('Where is the FAQ?');
    expect(refs.map((r) => [r.docName, r.pageNum, r.url])).toEqual([
      ['faq.md', 2, 'https://wiki.example/faq'],
      ['guide.md', 1, 'https://wiki.example/guide.pdf#page=1'],
      ['guide.md', 3, 'https://wiki.example/guide.pdf#page=3'],
    ]);
  });
});
