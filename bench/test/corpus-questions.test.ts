import { readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { createFileParser, type DocumentFileParser } from '@docent/document-parsers';
import {
  type CorpusQuestion,
  loadOfficeQuestions,
  loadPdfQuestions,
  loadSecondQuestions,
  MEDIA_TYPES,
} from '../src/datasets/corpus-qa';

jest.setTimeout(120_000);

const CORPUS = resolve(__dirname, '../../../shared/corpus');

type ParsedBlock = { kind: string; text?: string; cells?: string[] };

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The quality bench scores "right page" against these pages, so each evidence string must be
 * on exactly the pages the question lists, as Docent's own parsers read the file. (bench/data/
 * verify_corpus_qa.py checks the same without Docent's code.)
 */
describe('the real-document questions of the quality bench', () => {
  let parse: DocumentFileParser;
  const pagesByFile = new Map<string, Map<number, string>>();

  beforeAll(() => {
    parse = createFileParser();
  });

  afterAll(async () => {
    await parse.close();
  });

  async function pageTexts(file: string): Promise<Map<number, string>> {
    const cached = pagesByFile.get(file);
    if (cached) return cached;
    const bytes = readFileSync(join(CORPUS, file));
    const document = await parse({
      kind: 'file',
      mediaType: MEDIA_TYPES[extname(file)]!,
      fileName: file,
      size: bytes.length,
      open: async () =>
        (async function* () {
          yield new Uint8Array(bytes);
        })(),
    });
    const pages = new Map(
      document.pages.map((page) => [
        page.pageNum,
        normalise(
          (page.blocks as ParsedBlock[])
            .map((block) => block.text ?? block.cells?.join(' | ') ?? '')
            .join('\n'),
        ),
      ]),
    );
    pagesByFile.set(file, pages);
    return pages;
  }

  async function pagesHolding(question: CorpusQuestion): Promise<number[]> {
    const evidence = normalise(question.evidence);
    return [...(await pageTexts(question.file))]
      .filter(([, text]) => text.includes(evidence))
      .map(([page]) => page)
      .sort((a, b) => a - b);
  }

  it('has the corpus PDF questions, and 15 or more of its own over every other format', () => {
    expect(loadPdfQuestions(CORPUS)).toHaveLength(15);
    const own = loadOfficeQuestions();
    expect(own.length).toBeGreaterThanOrEqual(15);
    expect(new Set(own.map((q) => extname(q.file)))).toEqual(
      new Set(['.docx', '.pptx', '.xlsx', '.html', '.md']),
    );
    for (const q of own) {
      expect(q.question.trim()).not.toBe('');
      expect(q.answer.trim()).not.toBe('');
      expect(q.evidence_pages).toContain(q.page);
    }
  });

  it.each(loadOfficeQuestions().map((q) => [q.file, q.page, q] as const))(
    '%s p.%i: the evidence is on exactly its pages',
    async (_file, _page, question) => {
      expect(await pagesHolding(question)).toEqual(
        [...question.evidence_pages].sort((a, b) => a - b),
      );
    },
  );

  it.each(loadPdfQuestions(CORPUS).map((q) => [q.file, q.page, q] as const))(
    '%s p.%i (pdf-qa.jsonl): the parser puts the evidence on the pages pdftotext does',
    async (_file, _page, question) => {
      expect(await pagesHolding(question)).toEqual(
        [...question.evidence_pages].sort((a, b) => a - b),
      );
    },
  );

  it('has a second set over every format, none of its questions in the first two', () => {
    const second = loadSecondQuestions();
    expect(second.length).toBeGreaterThanOrEqual(20);
    expect(new Set(second.map((q) => extname(q.file)))).toEqual(
      new Set(['.pdf', '.docx', '.pptx', '.xlsx', '.html', '.md']),
    );
    const first = new Set(
      [...loadPdfQuestions(CORPUS), ...loadOfficeQuestions()].map((q) => q.question),
    );
    for (const q of second) {
      expect(first.has(q.question)).toBe(false);
      expect(q.evidence_pages).toContain(q.page);
    }
  });

  it.each(loadSecondQuestions().map((q) => [q.file, q.page, q] as const))(
    '%s p.%i (second set): the evidence is on exactly its pages',
    async (_file, _page, question) => {
      expect(await pagesHolding(question)).toEqual(
        [...question.evidence_pages].sort((a, b) => a - b),
      );
    },
  );
});
