import {
  SentenceVectorExtras,
  type Answer,
  type Answerer,
  type AnswerRequest,
} from '@docent/answerers';
import type { CollectionResolver } from '@docent/catalog';
import type { Embedder } from '@docent/embedder';
import type { DocumentLookup } from '@docent/metadata-store';
import type { SearchHit, SearchIndex, SearchQuery } from '@docent/search-index';
import { AskService, type AskInput, type AskOptions, type Reference } from '../src';

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

/** The answer the stand-in answerer gives: it quotes "passage" in the FAQ's second passage. */
const QUOTING_FAQ: Answer = {
  text: 'faq passage 1',
  usedPassageIds: ['faq:1'],
  found: true,
  shortAnswer: 'passage',
  quotes: [{ passageId: 'faq:1', start: 4, end: 11 }],
};

/** An ask service over fixed hits, whose answerer gives `answer`. */
function askService(
  options: { refFloor?: number; stageCpu?: boolean } = {},
  answererKind: Pick<Answerer, 'citesPassages' | 'readsTermCounts'> &
    Partial<Pick<Answerer, 'chunkExtras'>> = {
    citesPassages: true,
    readsTermCounts: true,
  },
  answer: Answer = QUOTING_FAQ,
  hits = [hit('guide', 0, 0.8), hit('faq', 1, 0.5), hit('guide', 2, 0.4)],
  /** The hits of a search within documents, when they differ from `hits`. */
  documentHits?: (documentIds: string[]) => SearchHit[],
) {
  const requests: AnswerRequest[] = [];
  const countCalls: Array<[string, string[]]> = [];
  const searches: SearchQuery[] = [];
  const index = {
    search: async (query: SearchQuery) => {
      searches.push(query);
      query.onStage?.('bm25');
      return query.documentIds && documentHits ? documentHits(query.documentIds) : hits;
    },
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
    chunkExtras: null,
    ...answererKind,
    answer: async (request, answerOptions) => {
      requests.push(request);
      answerOptions?.onStage?.('scoring');
      // A writing answerer streams its text in two pieces, citing what it used with [1]…
      if (answerOptions?.onText) {
        const middle = Math.floor(answer.text.length / 2);
        answerOptions.onText({ text: answer.text.slice(0, middle), citations: [] });
        answerOptions.onText({
          text: answer.text.slice(middle),
          citations: answer.usedPassageIds.map((passageId, i) => ({ marker: i + 1, passageId })),
        });
      }
      return answer;
    },
  };
  const service = new AskService(store, index, embedder, answerer, resolver, options);
  const ask = (
    question: string,
    history: Array<{ question: string; answer: string }> = [],
    extra: { input?: Partial<AskInput>; options?: AskOptions } = {},
  ) =>
    service.ask(
      'account',
      { namespaceName: 'ns', collectionName: 'kb', question, history, ...extra.input },
      extra.options,
    );
  return { ask, requests, countCalls, searches };
}

describe('AskService', () => {
  it("times each stage of an ask, the index's and the answerer's among them, in order", async () => {
    const plain = await askService().ask('What is in the guide?');
    const names = [
      'collection',
      'follow-up',
      'term-counts',
      'acronyms',
      'embed',
      'bm25',
      'search',
      'names',
      'scoring',
      'answer',
      'refs',
    ];
    expect(plain.timings.stages.map((stage) => stage.name)).toEqual(names);
    expect(plain.timings.stages.every((stage) => stage.ms >= 0 && stage.cpuMs === undefined)).toBe(
      true,
    );
    const withCpu = await askService({ stageCpu: true }).ask('What is in the guide?');
    expect(withCpu.timings.stages.every((stage) => (stage.cpuMs ?? -1) >= 0)).toBe(true);
  });

  it('asks the index to refuse before it resolves the collection or embeds the question', async () => {
    const calls: string[] = [];
    const refused = new Error('index known down');
    const index = {
      assertUp: () => {
        calls.push('assertUp');
        throw refused;
      },
    } as unknown as SearchIndex;
    const resolver = {
      collection: async () => {
        calls.push('collection');
        return { collection: { id: 'c1' } };
      },
    } as unknown as CollectionResolver;
    const embedder = {
      embedQuery: async () => {
        calls.push('embed');
        return new Float32Array([1, 0]);
      },
    } as unknown as Embedder;
    const answerer = {
      citesPassages: true,
      readsTermCounts: true,
      chunkExtras: null,
    } as unknown as Answerer;
    const service = new AskService({} as DocumentLookup, index, embedder, answerer, resolver);
    await expect(
      service.ask('account', { namespaceName: 'ns', collectionName: 'kb', question: 'Why?' }),
    ).rejects.toBe(refused);
    expect(calls).toEqual(['assertUp']);
  });

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
    // A hyphened name is counted whole as well as by its words.
    await ask('What is the default max-cache-ttl?');
    expect(countCalls[1]).toEqual(['c1', ['default', 'max', 'cache', 'ttl', 'max-cache-ttl']]);
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

  it("fetches the chunks' extras only for an answerer that declares them, and hands them over untouched", async () => {
    const extras = Uint8Array.of(1, 2, 3);
    const hits = [{ ...hit('guide', 0, 0.8), extras }, hit('faq', 1, 0.5)];
    const declaring = askService(
      {},
      { citesPassages: false, readsTermCounts: true, chunkExtras: new SentenceVectorExtras() },
      QUOTING_FAQ,
      hits,
    );
    await declaring.ask('Where is the FAQ?');
    expect(declaring.searches.at(-1)!.extras).toBe(true);
    expect(declaring.requests[0]!.passages.map((p) => p.extras)).toEqual([extras, undefined]);
    expect(declaring.requests[0]!.passages[0]!.extras).toBe(extras);

    const reading = askService({}, { citesPassages: true, readsTermCounts: false });
    await reading.ask('Where is the FAQ?');
    expect(reading.searches.at(-1)!.extras).toBe(false);
  });

  it("searches with the long form of an acronym the collection spells out, the question's own text to the answerer", async () => {
    const defining = {
      ...hit('zta', 0, 0.8),
      text: 'Policy enforcement point (PEP): This system is responsible for enabling connections.',
    };
    const service = askService({}, undefined, QUOTING_FAQ, [defining, hit('faq', 1, 0.5)]);
    await service.ask('What does the PEP do?');
    // A BM25 search for the acronym alone finds its long form first.
    expect(service.searches[0]).toMatchObject({ text: 'PEP', mode: 'bm25' });
    expect(service.searches[1]!.text).toBe('What does the PEP do? Policy enforcement point');
    expect(service.requests[0]!.standaloneQuestion).toBe('What does the PEP do?');
    // Spelled out already, or no acronym: one search, the question as written.
    const plain = askService({}, undefined, QUOTING_FAQ, [defining]);
    await plain.ask('What does the policy enforcement point (PEP) do?');
    await plain.ask('What does the gateway do?');
    expect(plain.searches.map((q) => q.text)).toEqual([
      'PEP',
      'What does the policy enforcement point (PEP) do?',
      'What does the gateway do?',
    ]);
  });

  it('searches the best documents again for an option the question names and no passage writes', async () => {
    const option = (ordinal: number, text: string): SearchHit => ({
      ...hit('pg_dump', ordinal, 0.5),
      text,
    });
    const file = option(0, '-f file --file=file: Send output to the specified file.');
    const align = option(7, '-A --no-align: Switches to unaligned output mode.');
    const dataOnly = option(9, '-a --data-only: Dump only the data, not the schema.');
    const service = askService({}, undefined, QUOTING_FAQ, [file], (documentIds) =>
      documentIds.includes('pg_dump') ? [file, align, dataOnly] : [],
    );
    const result = await service.ask('What ends up in the output of pg_dump -a?');
    expect(service.searches[1]).toMatchObject({ documentIds: ['pg_dump'], limit: 200 });
    // The option's passage, written as asked ("-A" is another option), after the others.
    expect(service.requests[0]!.passages.map((p) => p.id)).toEqual(['pg_dump:0', 'pg_dump:9']);
    expect(result.timings.stages.map((stage) => stage.name)).toContain('options');
    // An option a passage writes, or none named: no second search.
    const written = askService({}, undefined, QUOTING_FAQ, [dataOnly], () => [file]);
    await written.ask('What does pg_dump -a do?');
    await written.ask('What does pg_dump do?');
    expect(written.searches).toHaveLength(2);
  });

  it("leaves out a hit repeating a better one's text and reads the next in its place", async () => {
    // A manual's page carries its table of contents twice.
    const toc = (ordinal: number, text: string): SearchHit => ({
      ...hit('atexit', ordinal, 0.9 - ordinal / 10),
      text,
    });
    const hits = [
      toc(0, '- atexit — Exit handlers\n  - register()'),
      toc(1, '- atexit — Exit handlers  - register() '),
      ...[2, 3, 4, 5, 6].map((ordinal) => hit('atexit', ordinal, 0.5 - ordinal / 100)),
    ];
    const service = askService({}, undefined, QUOTING_FAQ, hits);
    await service.ask('What does atexit.register() do?');
    expect(service.searches[0]!.limit).toBe(5 + 3);
    expect(service.requests[0]!.passages.map((p) => p.id)).toEqual([
      'atexit:0',
      'atexit:2',
      'atexit:3',
      'atexit:4',
      'atexit:5',
    ]);
  });

  it('puts the quoted passage first with its sentence highlighted, then the others by rank', async () => {
    const result = await askService().ask('Where is the FAQ?');
    expect(result).toMatchObject({ answer: 'faq passage 1', found: true, shortAnswer: 'passage' });
    expect(result.refs.map((r) => [r.sampleText, r.highlight])).toEqual([
      ['faq passage 1', { start: 4, end: 11 }],
      ['guide passage 0', null],
      ['guide passage 2', null],
    ]);
  });

  it('leaves out passages below the relevance floor unless the answer used them', async () => {
    // Scores 1, 0.9 and 0.8: a floor of 0.85 of the best keeps the first two.
    const result = await askService({ refFloor: 0.85 }).ask('Where is the FAQ?');
    expect(result.refs.map((r) => r.sampleText)).toEqual(['faq passage 1', 'guide passage 0']);
    const quotingTheLast = await askService({ refFloor: 0.95 }, undefined, {
      ...QUOTING_FAQ,
      usedPassageIds: ['guide:2'],
      quotes: [{ passageId: 'guide:2', start: 0, end: 5 }],
    }).ask('Where is the guide?');
    expect(quotingTheLast.refs.map((r) => r.sampleText)).toEqual([
      'guide passage 2',
      'guide passage 0',
    ]);
  });

  it('gives no refs and no short answer with "not found"', async () => {
    const result = await askService({}, undefined, {
      text: 'I could not find an answer to that in this collection.',
      usedPassageIds: [],
      found: false,
      shortAnswer: 'stray',
    }).ask('Where is the cafeteria?');
    expect(result).toMatchObject({ found: false, shortAnswer: null, refs: [] });
  });

  it('counts highlight offsets in code points, as clients in other languages index strings', async () => {
    const emoji = { ...hit('notes', 0, 0.9), text: '💡 Tip: rotate keys. Restart after.' };
    const result = await askService(
      {},
      undefined,
      {
        text: 'Restart after.',
        usedPassageIds: ['notes:0'],
        found: true,
        // UTF-16 offsets of "Restart after." (the bulb is two units).
        quotes: [{ passageId: 'notes:0', start: 21, end: 35 }],
      },
      [emoji],
    ).ask('What after rotating?');
    const [ref] = result.refs;
    expect(ref!.highlight).toEqual({ start: 20, end: 34 });
    expect(Array.from(ref!.sampleText).slice(20, 34).join('')).toBe('Restart after.');
  });

  it('answers a resolved follow-up as the question it became', async () => {
    // Without a history there is nothing to resolve: the question goes on as asked.
    const service = askService();
    await service.ask('Which port does it use?');
    expect(service.requests[0]).toMatchObject({
      question: 'Which port does it use?',
      standaloneQuestion: 'Which port does it use?',
    });
    const history = [
      { question: 'Which tool do we use for canaries?', answer: 'Heron is the tool.' },
    ];
    const resolved = askService();
    await resolved.ask('Which port does it use?', history);
    expect(resolved.requests[0]).toMatchObject({
      question: 'Which port does Heron use?',
      standaloneQuestion: 'Which port does Heron use?',
    });
  });

  it('links each reference to its page where the source can, else to its document', async () => {
    const { refs } = await askService().ask('Where is the FAQ?');
    expect(refs.map((r) => [r.docName, r.pageNum, r.url])).toEqual([
      ['faq.md', 2, 'https://wiki.example/faq'],
      ['guide.md', 1, 'https://wiki.example/guide.pdf#page=1'],
      ['guide.md', 3, 'https://wiki.example/guide.pdf#page=3'],
    ]);
  });

  describe('streamed', () => {
    function recorder() {
      const events: Array<['refs', Reference[]] | ['delta', string, unknown[]]> = [];
      return {
        events,
        options: {
          events: {
            refs: (refs: Reference[]) => void events.push(['refs', refs]),
            delta: (text: string, citations: unknown[]) =>
              void events.push(['delta', text, citations]),
          },
        },
      };
    }

    it("sends a quoting answer's final refs, then its text as one piece", async () => {
      const { events, options } = recorder();
      const result = await askService({}, { citesPassages: false, readsTermCounts: true }).ask(
        'Where is the FAQ?',
        [],
        { options },
      );
      expect(events).toEqual([
        ['refs', result.refs],
        ['delta', 'faq passage 1', []],
      ]);
      expect(result.refs.map((r) => r.cited)).toEqual([true, false, false]);
    });

    it('marks a quoting answer [1] only when citations are asked for', async () => {
      const { events, options } = recorder();
      const service = askService({}, { citesPassages: false, readsTermCounts: true });
      const result = await service.ask('Where is the FAQ?', [], {
        input: { citations: true },
        options,
      });
      expect(result.answer).toBe('faq passage 1 [1]');
      expect(events[1]).toEqual(['delta', 'faq passage 1 [1]', [{ marker: 1, ref: 0 }]]);
      expect((await service.ask('Where is the FAQ?')).answer).toBe('faq passage 1');
    });

    it("sends a writing answerer's passages first, then its pieces with markers pointing into them", async () => {
      const { events, options } = recorder();
      const result = await askService(
        {},
        { citesPassages: true, readsTermCounts: false },
        {
          text: 'See the FAQ [1] and the guide [2].',
          usedPassageIds: ['faq:1', 'guide:2'],
          found: true,
        },
      ).ask('Where is the FAQ?', [], { options });
      const [first, ...deltas] = events;
      expect((first![1] as Reference[]).map((r) => [r.sampleText, r.cited])).toEqual([
        ['guide passage 0', false],
        ['faq passage 1', false],
        ['guide passage 2', false],
      ]);
      expect(deltas).toEqual([
        ['delta', 'See the FAQ [1] a', []],
        [
          'delta',
          'nd the guide [2].',
          [
            { marker: 1, ref: 1 },
            { marker: 2, ref: 2 },
          ],
        ],
      ]);
      expect(result.refs.map((r) => [r.sampleText, r.cited])).toEqual([
        ['faq passage 1', true],
        ['guide passage 2', true],
        ['guide passage 0', false],
      ]);
    });
  });
});
