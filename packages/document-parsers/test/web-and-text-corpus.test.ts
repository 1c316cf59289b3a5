import { type ParsedDocument } from '@docent/document-model';
import { createFileParser, type DocumentFileParser } from '../src';
import { corpusFile, normalise, pageOf, pageText } from './support/corpus';
import { headings, locate } from './support/sections';

const FILES = [
  'nist-oscal-versioning-and-branching.md',
  'fedramp-writing-oscal-validations.md',
  'fedramp-oscal-extensions-rev4.html',
  'autogen-blog-model-inference-parameters.html',
];

describe('Markdown and HTML on the shared corpus', () => {
  let parse: DocumentFileParser;
  const parsed = new Map<string, ParsedDocument>();

  beforeAll(async () => {
    parse = createFileParser();
    for (const file of FILES) parsed.set(file, await parse(corpusFile(file)));
  }, 60_000);

  afterAll(() => parse.close());

  const documentOf = (file: string): ParsedDocument => {
    const document = parsed.get(file);
    if (!document) throw new Error(`${file} was not parsed`);
    return document;
  };

  it('puts every non-paged format on page 1', () => {
    for (const file of FILES) {
      expect(documentOf(file).pages.map((page) => page.pageNum)).toEqual([1]);
    }
  });

  it('finds semantic versioning in the "Versioning" section, as an ordered list', () => {
    const document = documentOf('nist-oscal-versioning-and-branching.md');
    const [form] = locate(document, 'Semantic versions are in the form of MAJOR.MINOR.PATCH');
    expect(form?.section).toBe('Versioning');
    const [major] = locate(document, 'MAJOR version when an incompatible model change is made');
    expect(major).toMatchObject({
      section: 'Versioning',
      block: { kind: 'list_item', depth: 0, ordered: true },
    });
    // The table of contents is a nested bullet list.
    expect(locate(document, 'Creating a Release Branch')[0]?.block).toMatchObject({
      kind: 'list_item',
      depth: 2,
      ordered: false,
    });
    expect(document.pages[0]?.blocks).toContainEqual({
      kind: 'code',
      text: 'git remote add upstream git@github.com:usnistgov/OSCAL.git',
    });
  });

  it('finds Schematron in the first section of the validations guide', () => {
    const document = documentOf('fedramp-writing-oscal-validations.md');
    const first = headings(document)[0]?.text;
    expect(first).toBe('How to create FedRAMP OSCAL validation constraints');
    const [hit] = locate(document, 'an additional schema language is employed: Schematron');
    expect(hit?.section).toBe(first);
  });

  it('finds the required ns value in the extensions table header', () => {
    const document = documentOf('fedramp-oscal-extensions-rev4.html');
    const [hit] = locate(
      document,
      'must include a ns flag with the value https://fedramp.gov/ns/oscal',
    );
    expect(hit).toMatchObject({ section: 'FedRAMP OSCAL Registry', block: { kind: 'table_row' } });
    const rows = pageOf(document, 1).blocks.filter((block) => block.kind === 'table_row');
    expect(rows.length).toBeGreaterThan(40);
    expect(rows[1]).toMatchObject({ header: true });
    // Merged cells laid on the grid: a row's cells meet the columns they are under ("OSCAL Data
    // Type" spans down from the row above the header, which also holds a note, so is no header).
    const header = rows[1]!.kind === 'table_row' ? rows[1]!.cells : [];
    const row = rows[2]!.kind === 'table_row' ? rows[2]!.cells : [];
    expect(header).toHaveLength(row.length);
    expect(header[0]).toBe('Baseline');
    expect(row[header.indexOf('OSCAL Data Type')]).toBe('string');
    expect(row[header.indexOf('name="___"')]).toBe('response-point');
    // The stylesheet and the <title> are not content.
    expect(pageText(pageOf(document, 1))).not.toMatch(
      /font-family|OSCAL Extensions Model \[display\]/,
    );
  });

  it('reads the blog post without its navigation, sidebar, footer, scripts and title', () => {
    const document = documentOf('autogen-blog-model-inference-parameters.html');
    const text = normalise(pageText(pageOf(document, 1)));
    expect(text).toContain(
      normalise(
        'the baseline accuracy of untuned gpt-4 can be improved by 20% in high school math competition problems',
      ),
    );
    const [tldr] = locate(document, 'can be improved by 20%');
    expect(tldr?.block).toMatchObject({ kind: 'list_item', depth: 0 });
    expect(headings(document).map((h) => h.text)).toEqual([
      'Does Model and Inference Parameter Matter in LLM Applications? - A Case Study for MATH',
      // A bold paragraph of its own labels what follows (the summary list).
      'TL;DR',
      'Experiment Setup',
      'Experiment Results',
      'Analysis and Discussion',
      'For Further Reading',
    ]);
    for (const boilerplate of [
      'Recent posts',
      'Copyright',
      'Newer Post',
      'ctrl K',
      'data-theme',
      '| AutoGen',
    ]) {
      expect(text).not.toContain(normalise(boilerplate));
    }
  });
});
