import { type ParsedDocument } from '@docent/document-model';
import { createFileParser, type DocumentFileParser } from '../src';
import { corpusFile, pageOf } from './support/corpus';
import { headings, locate } from './support/sections';

const FILES = [
  'fedramp-working-with-oscal-files.docx',
  'fedramp-oscal-ssp-guide-overview.docx',
  'markitdown-test-autogen-paper.docx',
  'nist-oscal-assessment-plan-results-poam.pptx',
  'nist-oscal-high-level-overview-2018.pptx',
  'nist-csf-v1.0-core.xlsx',
  'fedramp-rev4-low-baseline-controls-2016.xlsx',
];

describe('DOCX, PPTX and XLSX on the shared corpus', () => {
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

  describe('DOCX', () => {
    it.each([
      ['fedramp-working-with-oscal-files.docx', 5],
      ['fedramp-oscal-ssp-guide-overview.docx', 1],
      ['markitdown-test-autogen-paper.docx', 2],
    ])('%s has the %i pages Word recorded (rendered page breaks)', (file, pages) => {
      expect(documentOf(file).pages.map((page) => page.pageNum)).toEqual(
        Array.from({ length: pages }, (_, i) => i + 1),
      );
    });

    it('places each section on the page Word rendered it on', () => {
      const document = documentOf('fedramp-working-with-oscal-files.docx');
      const pageOfHeading = (text: string) =>
        document.pages.find((page) =>
          page.blocks.some((block) => block.kind === 'heading' && block.text === text),
        )?.pageNum;
      expect(pageOfHeading('Working with OSCAL Files')).toBe(1);
      expect(pageOfHeading('SSP File Concepts')).toBe(2);
      expect(pageOfHeading('Resolved Profile Catalogs')).toBe(3);
      expect(pageOfHeading('OSCAL’s Minimum File Requirements')).toBe(4);
      expect(pageOfHeading('Importing the FedRAMP Baseline')).toBe(5);
    });

    it('finds the lossless XML/JSON converter in "XML and JSON Formats"', () => {
      const [hit, ...others] = locate(
        documentOf('fedramp-working-with-oscal-files.docx'),
        'NIST offers a utility that provides lossless conversion',
      );
      expect(others).toEqual([]);
      expect(hit).toMatchObject({ pageNum: 1, section: 'XML and JSON Formats' });
    });

    it('finds the audience in "Who Should Use This Document?"', () => {
      const [hit] = locate(
        documentOf('fedramp-oscal-ssp-guide-overview.docx'),
        'intended for technical staff and tool developers implementing solutions for importing, exporting, and manipulating',
      );
      expect(hit).toMatchObject({ pageNum: 1, section: 'Who Should Use This Document?' });
    });

    it('reads headings from localised style ids through styles.xml, and Title as level 1', () => {
      const document = documentOf('markitdown-test-autogen-paper.docx');
      expect(headings(document)).toEqual([
        {
          level: 1,
          text: 'AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
        },
        { level: 1, text: 'Abstract' },
        { level: 1, text: 'Introduction' },
        { level: 2, text: 'd666f1f7-46cb-42bd-9a39-9a39cf2a509f' },
      ]);
    });

    it('splits the Introduction paragraph where Word broke the page, UUID on page 2', () => {
      const document = documentOf('markitdown-test-autogen-paper.docx');
      const [uuid, ...others] = locate(document, '314b0a30-5b04-470b-b9f7-eed2c2bec74a');
      expect(others).toEqual([]);
      expect(uuid).toMatchObject({
        pageNum: 2,
        section: 'd666f1f7-46cb-42bd-9a39-9a39cf2a509f',
        block: { kind: 'paragraph' },
      });
      const pageOneEnd = pageOf(document, 1).blocks.at(-1);
      expect(pageOneEnd?.kind === 'paragraph' && pageOneEnd.text).toMatch(
        /^In light of the intuition and early evidence of promise/,
      );
      expect(pageOneEnd?.kind === 'paragraph' && pageOneEnd.text).toMatch(
        /capabilities \(especially when$/,
      );
    });

    it('reads the markitdown table as rows, header row first', () => {
      const rows = documentOf('markitdown-test-autogen-paper.docx').pages.flatMap((page) =>
        page.blocks.filter((block) => block.kind === 'table_row'),
      );
      expect(rows).toEqual([
        { kind: 'table_row', cells: ['1', '2', '3', '4', '5', '6'], header: true },
        { kind: 'table_row', cells: ['7', '8', '9', '10', '11', '12'] },
        {
          kind: 'table_row',
          cells: ['13', '14', '49e168b7-d2ae-407f-a055-2167576f39a1', '15', '16', '17'],
        },
        { kind: 'table_row', cells: ['18', '19', '20', '21', '22', '23'] },
        { kind: 'table_row', cells: ['24', '25', '26', '27', '28', '29'] },
      ]);
    });

    it('reads numbered-list paragraphs as list items and headings by style (no styles.xml)', () => {
      const working = documentOf('fedramp-working-with-oscal-files.docx');
      const items = working.pages.flatMap((page) =>
        page.blocks.filter((block) => block.kind === 'list_item'),
      );
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        depth: 0,
        text: expect.stringMatching(/^OSCAL-based FedRAMP SSP Template \(JSON Format\)/),
      });
      expect(headings(documentOf('fedramp-oscal-ssp-guide-overview.docx'))).toEqual([
        { level: 1, text: 'Overview' },
        { level: 2, text: 'Who Should Use This Document?' },
        { level: 2, text: 'Related Documents' },
        { level: 2, text: 'Basic Terminology' },
      ]);
    });
  });

  describe('PPTX', () => {
    it('has one page per slide, labelled with the slide title', () => {
      const overview = documentOf('nist-oscal-high-level-overview-2018.pptx');
      expect(overview.pages.map((page) => page.pageNum)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(overview.pages.map((page) => page.label)).toEqual([
        'Open Security Controls Assessment Language (OSCAL) High Level Overview',
        'Why OSCAL?',
        'What is OSCAL?',
        'Benefits for OSCAL consumers',
        'OSCAL goals',
        'Open Security Controls Assessment Language PIs: Michaela Iorga & David Waltermire / NIST',
        'Team',
      ]);
      const poam = documentOf('nist-oscal-assessment-plan-results-poam.pptx');
      expect(poam.pages).toHaveLength(13);
      expect(pageOf(poam, 11).label).toBe('POA&M Model');
      expect(pageOf(poam, 11).blocks[0]).toEqual({
        kind: 'heading',
        level: 1,
        text: 'POA&M Model',
      });
    });

    it('finds the System Identifier rule on slide 11', () => {
      const hits = locate(
        documentOf('nist-oscal-assessment-plan-results-poam.pptx'),
        'The System Identifier is used when a POA&M is delivered without its corresponding SSP',
      );
      expect(hits.map((hit) => hit.pageNum)).toEqual([11]);
      const conMon = locate(
        documentOf('nist-oscal-assessment-plan-results-poam.pptx'),
        'Monthly Continuous Monitoring (ConMon) delivery of a POA&M',
      );
      expect(conMon[0]).toMatchObject({ pageNum: 11, block: { kind: 'list_item', depth: 1 } });
    });

    it('finds the project co-leaders on slide 7 "Team", as list items under their lead-in', () => {
      const team = pageOf(documentOf('nist-oscal-high-level-overview-2018.pptx'), 7);
      expect(team.blocks.slice(0, 4)).toEqual([
        { kind: 'heading', level: 1, text: 'Team' },
        { kind: 'paragraph', text: 'Project co-leaders:' },
        { kind: 'list_item', text: 'Michaela Iorga, NIST', depth: 0 },
        { kind: 'list_item', text: 'David Waltermire, NIST', depth: 0 },
      ]);
    });

    it("reads a box's Title Case line over its bullets as the panel's heading", () => {
      const slide6 = pageOf(documentOf('nist-oscal-high-level-overview-2018.pptx'), 6);
      const at = slide6.blocks.findIndex((block) => 'text' in block && block.text.includes('Qtr'));
      expect(slide6.blocks.slice(at, at + 4)).toEqual([
        { kind: 'heading', level: 2, text: 'Development Phase Calendar Qtr.' },
        { kind: 'list_item', text: 'Restart OSCAL development 5/2017', depth: 0 },
        { kind: 'list_item', text: 'Stable Catalog layer Q4/2017 (complete)', depth: 0 },
        { kind: 'list_item', text: 'Stable Profile layer Q1/2018', depth: 0 },
      ]);
      // A sentence over bullets is not a title; nor is a lead-in (it joins its items).
      const agile = slide6.blocks.find(
        (block) => 'text' in block && block.text.startsWith('Agile, sprint-based approach'),
      );
      expect(agile?.kind).toBe('paragraph');
      const team = pageOf(documentOf('nist-oscal-high-level-overview-2018.pptx'), 7);
      expect(team.blocks[1]).toEqual({ kind: 'paragraph', text: 'Project co-leaders:' });
    });

    it('keeps speaker notes as a "Notes" callout and skips slide numbers', () => {
      const slide6 = pageOf(documentOf('nist-oscal-high-level-overview-2018.pptx'), 6);
      expect(slide6.blocks).toContainEqual({
        kind: 'callout',
        label: 'Notes',
        text: 'TODO: Update diagram to add framework.',
      });
      const slide2 = pageOf(documentOf('nist-oscal-high-level-overview-2018.pptx'), 2);
      expect(slide2.blocks.map((block) => ('text' in block ? block.text : ''))).not.toContain('2');
    });
  });

  describe('XLSX', () => {
    it('has one page per sheet, labelled with the sheet name', () => {
      expect(documentOf('nist-csf-v1.0-core.xlsx').pages.map((p) => [p.pageNum, p.label])).toEqual([
        [1, 'CSF Core'],
      ]);
      expect(
        documentOf('fedramp-rev4-low-baseline-controls-2016.xlsx').pages.map((p) => [
          p.pageNum,
          p.label,
        ]),
      ).toEqual([[1, 'HHH Low Baseline Controls']]);
    });

    it('reads CSF Core as a table with its header row and DE.CM-1 on its row', () => {
      const sheet = pageOf(documentOf('nist-csf-v1.0-core.xlsx'), 1);
      expect(sheet.blocks[0]).toEqual({
        kind: 'table_row',
        cells: ['Function', 'Category', 'Subcategory', 'Informative References'],
        header: true,
      });
      // A1:D357, one block per non-empty row.
      expect(sheet.blocks).toHaveLength(357);
      const row253 = sheet.blocks[252];
      expect(row253).toMatchObject({ kind: 'table_row' });
      expect(row253?.kind === 'table_row' && row253.cells[2]).toBe(
        'DE.CM-1: The network is monitored to detect potential cybersecurity events',
      );
    });

    it('treats the FedRAMP banner row as a caption and row 2 as the header; AC-1 keeps its parameters', () => {
      const sheet = pageOf(documentOf('fedramp-rev4-low-baseline-controls-2016.xlsx'), 1);
      expect(sheet.blocks[0]).toEqual({
        kind: 'paragraph',
        text: 'NIST 800-53 Security Controls Catalog Revision 4 FedRAMP SSP Low Moderate Baseline Revision 4',
      });
      expect(sheet.blocks[1]).toMatchObject({ kind: 'table_row', header: true });
      expect(sheet.blocks[1]?.kind === 'table_row' && sheet.blocks[1].cells.slice(0, 5)).toEqual([
        'Count',
        'SORT ID',
        'Family',
        'ID',
        'Control Name',
      ]);
      const ac1 = sheet.blocks[2];
      expect(ac1?.kind === 'table_row' && ac1.cells.slice(0, 4)).toEqual([
        '1',
        'AC-01',
        'ACCESS CONTROL',
        'AC-1',
      ]);
      expect(ac1?.kind === 'table_row' && ac1.cells[7]).toBe(
        'AC-1 (b) (1) [at least every 3 years]\nAC-1 (b) (2) [at least annually]',
      );
    });
  });
});
