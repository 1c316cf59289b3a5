import {
  type Block,
  type ChunkLayout,
  decodeChunkLayout,
  type DocumentPage,
  encodeChunkLayout,
  type ParsedDocument,
} from '@docent/document-model';
import { chunkByHeadings, type Chunk, type ChunkingOptions } from '../src';

const countWords = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

function options(maxTokens: number, overlapTokens = 0): ChunkingOptions {
  return { maxTokens, overlapTokens, countTokens: countWords };
}

function doc(...pages: Block[][]): ParsedDocument {
  return { pages: pages.map((blocks, index) => ({ pageNum: index + 1, blocks })) };
}

const h = (level: number, text: string): Block => ({ kind: 'heading', level, text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const row = (cells: string[], header?: boolean): Block => ({ kind: 'table_row', cells, header });

/** "s1w1 s1w2 ... ." sentences with unique words, so positions in the text are unambiguous. */
function sentences(tag: string, count: number, wordsEach: number): string {
  return Array.from({ length: count }, (_, s) => {
    const words = Array.from({ length: wordsEach }, (_, w) => `${tag}${s}w${w}`);
    words[0] = words[0]!.replace(/^./, (c) => c.toUpperCase());
    return `${words.join(' ')}.`;
  }).join(' ');
}

function withinBudget(chunk: Chunk, maxTokens: number): boolean {
  const path = chunk.headingPath.join(' > ');
  const pathCost = chunk.headingPath.length > 0 ? countWords(path) + 1 : 0;
  return countWords(chunk.text) + pathCost <= maxTokens;
}

describe('chunkByHeadings: structure', () => {
  it('returns no chunk for an empty document, blank blocks or image-only pages', () => {
    expect(chunkByHeadings({ pages: [] }, options(50))).toEqual([]);
    expect(
      chunkByHeadings(doc([p('   '), { kind: 'code', text: '\n\n' }, row([' ', ''])]), options(50)),
    ).toEqual([]);
    const scanned: DocumentPage = { pageNum: 1, blocks: [p('ghost text')], imageOnly: true };
    expect(chunkByHeadings({ pages: [scanned] }, options(50))).toEqual([]);
  });

  it('tracks the heading path and keeps titles out of the text', () => {
    const chunks = chunkByHeadings(
      doc([
        p('Intro before any heading.'),
        h(1, 'Guide'),
        p('Guide text.'),
        h(2, 'Install'),
        p('Install text.'),
        h(3, 'Linux'),
        p('Linux text.'),
        h(2, 'Configure'),
        p('Configure text.'),
        h(1, 'FAQ'),
        h(3, 'Deep'),
        p('Deep text.'),
        h(2, 'Shallower'),
        p('Shallower text.'),
      ]),
      options(100),
    );
    expect(chunks.map((c) => [c.headingPath, c.text])).toEqual([
      [[], 'Intro before any heading.'],
      [['Guide'], 'Guide text.'],
      [['Guide', 'Install'], 'Install text.'],
      [['Guide', 'Install', 'Linux'], 'Linux text.'],
      [['Guide', 'Configure'], 'Configure text.'],
      [['FAQ', 'Deep'], 'Deep text.'],
      [['FAQ', 'Shallower'], 'Shallower text.'],
    ]);
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('never spans pages, carries the heading path over, and skips image-only pages', () => {
    const document: ParsedDocument = {
      pages: [
        { pageNum: 1, blocks: [h(1, 'Report'), p('First page text.')] },
        { pageNum: 2, blocks: [], imageOnly: true },
        { pageNum: 3, blocks: [p('Third page text.'), h(2, 'Results'), p('Numbers.')] },
      ],
    };
    const chunks = chunkByHeadings(document, options(100));
    expect(chunks.map(({ layout: _layout, ...chunk }) => chunk)).toEqual([
      { ordinal: 0, pageNum: 1, text: 'First page text.', headingPath: ['Report'] },
      { ordinal: 1, pageNum: 3, text: 'Third page text.', headingPath: ['Report'] },
      { ordinal: 2, pageNum: 3, text: 'Numbers.', headingPath: ['Report', 'Results'] },
    ]);
  });

  it('renders lists, tables, code, quotes and callouts as lines', () => {
    const blocks: Block[] = [
      { kind: 'list_item', text: 'Prepare', depth: 1, ordered: true },
      { kind: 'list_item', text: 'Download', depth: 2 },
      { kind: 'list_item', text: 'Verify', depth: 2, checked: true },
      { kind: 'list_item', text: 'Unpack', depth: 2, checked: false },
      { kind: 'list_item', text: 'Install', depth: 1, ordered: true },
      { kind: 'list_item', text: 'Sub one', depth: 2, ordered: true },
      { kind: 'list_item', text: 'Run', depth: 1, ordered: true },
      p('Between.'),
      { kind: 'list_item', text: 'Restarted', depth: 0, ordered: true },
      row(['Name', 'Port'], true),
      row(['api', ' 8080 ']),
      { kind: 'code', text: '\nif (x) {\n  run();\n}\n\n', language: 'ts' },
      { kind: 'quote', text: 'Line one\nline two' },
      { kind: 'callout', text: 'Back up first.', label: 'Warning' },
      { kind: 'callout', text: 'No label here.' },
    ];
    const [chunk, ...rest] = chunkByHeadings(doc(blocks), options(200));
    expect(rest).toEqual([]);
    expect(chunk?.text).toBe(
      [
        '1. Prepare',
        '  - Download',
        '  - [x] Verify',
        '  - [ ] Unpack',
        '2. Install',
        '  1. Sub one',
        '3. Run',
        'Between.',
        '1. Restarted',
        'Name | Port',
        'api | 8080',
        'if (x) {',
        '  run();',
        '}',
        '> Line one',
        '> line two',
        'Warning: Back up first.',
        'No label here.',
      ].join('\n'),
    );
  });

  it('says in its layout which block each line is and which characters are markup', () => {
    const blocks: Block[] = [
      p('Skylark listens on port 7443.'),
      { kind: 'code', text: 'skylark deploy --env prod', language: 'bash' },
      {
        kind: 'list_item',
        text: 'Release train R-17 departs on 12 March.',
        depth: 0,
        checked: false,
      },
      row(['Topic', 'Detail'], true),
      row(['Backup window', 'Starts at 02:30 UTC.']),
      { kind: 'callout', text: 'The new office is on floor 4.', label: 'Where is the office?' },
      { kind: 'quote', text: 'Ship it.\nThen rest.' },
    ];
    const [chunk] = chunkByHeadings(doc(blocks), options(200));
    const text = chunk!.text;
    const show = (start: number, end: number) => text.slice(start, end);
    expect(
      chunk!.layout.map((b) => ({
        kind: b.kind,
        text: show(b.start, b.end),
        markup: (b.markup ?? []).map(([s, e]) => show(s, e)),
        ...(b.label !== undefined && { label: b.label }),
        ...(b.table !== undefined && { header: b.header ?? false }),
      })),
    ).toEqual([
      { kind: 'paragraph', text: 'Skylark listens on port 7443.', markup: [] },
      { kind: 'code', text: 'skylark deploy --env prod', markup: [] },
      {
        kind: 'list_item',
        text: '- [ ] Release train R-17 departs on 12 March.',
        markup: ['- [ ] '],
      },
      { kind: 'table_row', text: 'Topic | Detail', markup: [], header: true },
      {
        kind: 'table_row',
        text: 'Backup window | Starts at 02:30 UTC.',
        markup: [],
        header: false,
      },
      {
        kind: 'callout',
        text: 'Where is the office?: The new office is on floor 4.',
        markup: ['Where is the office?: '],
        label: 'Where is the office?',
      },
      { kind: 'quote', text: '> Ship it.\n> Then rest.', markup: ['> ', '> '] },
    ]);
    const tables = chunk!.layout.filter((b) => b.kind === 'table_row').map((b) => b.table);
    expect(new Set(tables).size).toBe(1);
  });

  it("says in its layout, and in the stored layout, which callout's label is the term it describes", () => {
    const blocks: Block[] = [
      {
        kind: 'callout',
        text: 'Stash only the staged changes.',
        label: '-S, --staged',
        term: true,
      },
      { kind: 'callout', text: 'Back up first.', label: 'Warning' },
    ];
    const [chunk] = chunkByHeadings(doc(blocks), options(200));
    const labels = (layout: ChunkLayout) =>
      layout.map((b) => ({ label: b.label, term: b.term ?? false }));
    const expected = [
      { label: '-S, --staged', term: true },
      { label: 'Warning', term: false },
    ];
    expect(labels(chunk!.layout)).toEqual(expected);
    expect(labels(decodeChunkLayout(encodeChunkLayout(chunk!.layout))!)).toEqual(expected);
    // A layout stored before terms were marked decodes as it did.
    expect(decodeChunkLayout('[["n",0,9,[0,3],"Tip"]]')).toEqual([
      { kind: 'callout', start: 0, end: 9, markup: [[0, 3]], label: 'Tip' },
    ]);
  });

  it('keeps markup marked in a block cut into sentences and in the overlap', () => {
    const item = `${sentences('x', 6, 4)}`;
    const chunks = chunkByHeadings(
      doc([
        { kind: 'list_item', text: item, depth: 0 },
        { kind: 'quote', text: sentences('q', 6, 4) },
      ]),
      options(14, 6),
    );
    for (const chunk of chunks) {
      for (const block of chunk.layout) {
        expect(chunk.text.slice(block.start, block.end).length).toBe(block.end - block.start);
        for (const [s, e] of block.markup ?? []) {
          expect(['- ', '> ']).toContain(chunk.text.slice(s, e));
        }
      }
    }
    expect(chunks[0]!.layout[0]!.markup).toEqual([[0, 2]]);
    const quoted = chunks.flatMap((c) => c.layout.filter((b) => b.kind === 'quote'));
    expect(quoted.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.layout.every((b) => b.end <= c.text.length))).toBe(true);
  });

  it('packs whole blocks greedily and does not split a block that fits a chunk', () => {
    const blocks = [p('a1 a2 a3 a4.'), p('b1 b2 b3.'), p('c1 c2 c3 c4 c5.'), p('d1.')];
    const chunks = chunkByHeadings(doc(blocks), options(10));
    expect(chunks.map((c) => c.text)).toEqual(['a1 a2 a3 a4.\nb1 b2 b3.', 'c1 c2 c3 c4 c5.\nd1.']);
  });

  it('rejects budgets that cannot hold a token', () => {
    expect(() => chunkByHeadings(doc([p('x')]), options(1))).toThrow(RangeError);
    expect(() => chunkByHeadings(doc([p('x')]), options(10.5))).toThrow(RangeError);
    expect(() => chunkByHeadings(doc([p('x')]), options(10, -1))).toThrow(RangeError);
  });
});

describe('chunkByHeadings: token budget', () => {
  it('reserves room for the heading path', () => {
    const chunks = chunkByHeadings(
      doc([h(1, 'Alpha Beta'), h(2, 'Gamma'), p(sentences('x', 6, 3))]),
      options(10),
    );
    // Path "Alpha Beta > Gamma" costs 4 + 1 separator, leaving 5 tokens: one 3-word sentence.
    expect(chunks.length).toBe(6);
    for (const chunk of chunks) {
      expect(chunk.headingPath).toEqual(['Alpha Beta', 'Gamma']);
      expect(withinBudget(chunk, 10)).toBe(true);
    }
  });

  it('shortens a heading path that would take more than half the budget', () => {
    const longTitle = Array.from({ length: 30 }, (_, i) => `t${i}`).join(' ');
    const chunks = chunkByHeadings(
      doc([h(1, 'Outer'), h(2, longTitle), p('Body text here.')]),
      options(20),
    );
    expect(chunks).toHaveLength(1);
    const [chunk] = chunks;
    expect(chunk?.headingPath).toEqual(['t0 t1 t2 t3 t4 t5 t6 t7 t8']);
    expect(withinBudget(chunk!, 20)).toBe(true);
  });

  it('splits an oversized paragraph at sentences, an oversized sentence at words', () => {
    const long = Array.from({ length: 24 }, (_, i) => `w${i + 1}`).join(' ');
    const chunks = chunkByHeadings(doc([p(`Short one here. Long ${long}. Tail end.`)]), options(8));
    expect(chunks.map((c) => c.text)).toEqual([
      'Short one here.',
      'Long w1 w2 w3 w4 w5 w6 w7',
      'w8 w9 w10 w11 w12 w13 w14 w15',
      'w16 w17 w18 w19 w20 w21 w22 w23',
      'w24. Tail end.',
    ]);
  });

  it('cuts a single word longer than the budget', () => {
    const tokenPerChar = (text: string): number => text.replace(/\s/g, '').length;
    const chunks = chunkByHeadings(doc([p('abcdefghij')]), {
      maxTokens: 4,
      overlapTokens: 0,
      countTokens: tokenPerChar,
    });
    expect(chunks.map((c) => c.text)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('splits oversized code at lines, keeping them verbatim', () => {
    const code = ['def f():', '    a = 1', '', '    return a  # done', 'print(f())'].join('\n');
    const chunks = chunkByHeadings(doc([{ kind: 'code', text: code }]), options(6));
    expect(chunks.map((c) => c.text)).toEqual([
      'def f():\n    a = 1',
      '\n    return a  # done\nprint(f())',
    ]);
  });

  it('calls countTokens a linear number of times', () => {
    let calls = 0;
    const counting = (text: string): number => {
      calls += 1;
      return countWords(text);
    };
    const blocks: Block[] = [];
    for (let i = 0; i < 50; i += 1) {
      blocks.push(h(2, `Section ${i}`), p(sentences(`s${i}x`, 12, 6)));
    }
    const chunks = chunkByHeadings(doc(blocks), {
      maxTokens: 30,
      overlapTokens: 8,
      countTokens: counting,
    });
    expect(chunks.length).toBeGreaterThan(100);
    // Per section: the heading path, the paragraph, then each of its sentences (overlap is cached).
    expect(calls).toBeLessThanOrEqual(50 * (1 + 1 + 12));
  });
});

describe('chunkByHeadings: tables and overlap', () => {
  it('repeats the header row at the top of every chunk of a table', () => {
    const rows = Array.from({ length: 9 }, (_, i) => row([`host${i}`, `${8000 + i}`]));
    const chunks = chunkByHeadings(
      doc([p('Hosts follow.'), row(['Host', 'Port'], true), ...rows, p('After table.')]),
      options(16),
    );
    expect(chunks.map((c) => c.text)).toEqual([
      'Hosts follow.\nHost | Port\nhost0 | 8000\nhost1 | 8001',
      'Host | Port\nhost2 | 8002\nhost3 | 8003\nhost4 | 8004',
      'Host | Port\nhost5 | 8005\nhost6 | 8006\nhost7 | 8007',
      'Host | Port\nhost8 | 8008\nAfter table.',
    ]);
  });

  it('does not repeat a header for a table without one, or after the table ended', () => {
    const chunks = chunkByHeadings(
      doc([row(['a', 'b']), row(['c', 'd']), row(['e', 'f']), p('x y z.')]),
      options(7),
    );
    expect(chunks.map((c) => c.text)).toEqual(['a | b\nc | d', 'e | f\nx y z.']);
  });

  it('starts a continuation chunk with the last sentences of the previous one', () => {
    const text = sentences('o', 8, 4); // 8 sentences of 4 words
    const chunks = chunkByHeadings(doc([p(text)]), options(14, 5));
    const all = text.split(/(?<=\.) /);
    // 14 tokens hold 3 sentences (4 + 1 join each); the overlap is one sentence (4 <= 5).
    expect(chunks.map((c) => c.text)).toEqual([
      all.slice(0, 3).join(' '),
      all.slice(2, 5).join(' '),
      all.slice(4, 7).join(' '),
      all.slice(6, 8).join(' '),
    ]);
  });

  it('takes whole small blocks as overlap', () => {
    const chunks = chunkByHeadings(
      doc([p('One two.'), p('Three four.'), p('Five six seven eight nine.')]),
      options(8, 3),
    );
    expect(chunks.map((c) => c.text)).toEqual([
      'One two.\nThree four.',
      'Three four.\nFive six seven eight nine.',
    ]);
  });

  it('never overlaps across headings or pages', () => {
    const chunks = chunkByHeadings(
      doc(
        [h(1, 'A'), p(sentences('a', 4, 4)), h(1, 'B'), p(sentences('b', 1, 4))],
        [p(sentences('c', 1, 4))],
      ),
      options(12, 6),
    );
    // "A" costs 2 tokens: 10 are left, two 4-word sentences, and one sentence of overlap.
    expect(chunks.map((c) => c.text)).toEqual([
      'A0w0 a0w1 a0w2 a0w3. A1w0 a1w1 a1w2 a1w3.',
      'A1w0 a1w1 a1w2 a1w3. A2w0 a2w1 a2w2 a2w3.',
      'A2w0 a2w1 a2w2 a2w3. A3w0 a3w1 a3w2 a3w3.',
      'B0w0 b0w1 b0w2 b0w3.',
      'C0w0 c0w1 c0w2 c0w3.',
    ]);
  });

  it('drops the overlap when it would leave no room for the next block', () => {
    const chunks = chunkByHeadings(doc([p('a b c d e f.'), p('g h i j k l m n.')]), options(8, 6));
    expect(chunks.map((c) => c.text)).toEqual(['a b c d e f.', 'g h i j k l m n.']);
  });
});

describe('chunkByHeadings: random documents', () => {
  /** Small deterministic PRNG (mulberry32) so failures reproduce. */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function randomDocument(next: () => number, seed: number): ParsedDocument {
    const vocabulary = ['data', 'the', 'index', 'Mr.', 'e.g.', 'v1.2', 'api', 'x', 'node'];
    const int = (max: number): number => Math.floor(next() * max);
    const text = (maxWords: number): string => {
      const words = Array.from({ length: 1 + int(maxWords) }, () => vocabulary[int(9)]);
      return words.map((w, i) => (next() < 0.15 && i > 0 ? `${w}.` : w)).join(' ') + '.';
    };
    const pages: DocumentPage[] = [];
    for (let pageNum = 1; pageNum <= 1 + int(4); pageNum += 1) {
      const blocks: Block[] = [];
      for (let b = 0; b < int(25); b += 1) {
        const kind = int(8);
        if (kind === 0) blocks.push(h(1 + int(3), text(int(3) === 0 ? 40 : 5)));
        else if (kind === 1) blocks.push({ kind: 'list_item', text: text(30), depth: int(3) });
        else if (kind === 2) blocks.push(row([text(4), text(60)], int(4) === 0));
        else if (kind === 3) blocks.push({ kind: 'code', text: `${text(10)}\n  ${text(80)}` });
        else if (kind === 4) blocks.push({ kind: 'quote', text: text(20) });
        else if (kind === 5) blocks.push({ kind: 'callout', text: text(20), label: 'Note' });
        else blocks.push(p(text(int(5) === 0 ? 200 : 40)));
      }
      pages.push({
        pageNum,
        blocks,
        ...(seed % 7 === 0 && pageNum === 2 ? { imageOnly: true } : {}),
      });
    }
    return { pages };
  }

  it('never exceeds the budget and never loses or reorders ordinals', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const document = randomDocument(next, seed);
      const maxTokens = 4 + Math.floor(next() * 60);
      const overlapTokens = Math.floor(next() * maxTokens);
      const chunks = chunkByHeadings(document, options(maxTokens, overlapTokens));

      chunks.forEach((chunk, index) => {
        if (
          chunk.ordinal !== index ||
          chunk.text.trim() === '' ||
          !withinBudget(chunk, maxTokens)
        ) {
          throw new Error(`seed ${seed}: bad chunk ${index} (max ${maxTokens}): ${chunk.text}`);
        }
      });
      const pageOrder = chunks.map((c) => c.pageNum);
      expect(pageOrder).toEqual([...pageOrder].sort((a, b) => a - b));

      // Every word of every non-heading block reaches a chunk of its page.
      for (const page of document.pages) {
        const chunkWords = new Set(
          chunks.filter((c) => c.pageNum === page.pageNum).flatMap((c) => c.text.split(/\s+/)),
        );
        if (page.imageOnly) {
          expect(chunkWords.size).toBe(0);
          continue;
        }
        const missing = page.blocks
          .flatMap((block) => {
            if (block.kind === 'heading') return [];
            return (block.kind === 'table_row' ? block.cells.join(' ') : block.text).split(/\s+/);
          })
          .filter((word) => word !== '' && !chunkWords.has(word));
        expect(missing).toEqual([]);
      }
      const again = chunkByHeadings(document, options(maxTokens, overlapTokens));
      expect(JSON.stringify(again)).toBe(JSON.stringify(chunks));
    }
  });
});
