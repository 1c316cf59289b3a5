import { type ParsedDocument } from '@docent/document-model';
import { passwordProtectedPdf, scannedTypedBlankPdf } from '@docent/test-support';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFileParser, type DocumentFileParser } from '../src';
import {
  blockText,
  CORPUS_DIR,
  corpusFile,
  fileOf,
  normalise,
  pageOf,
  pageText,
  pagesContaining,
} from './support/corpus';

interface QaRow {
  file: string;
  question: string;
  page: number;
  evidence: string;
  evidence_pages: number[];
}

/**
 * A contents line as a reader sees one, kept apart from the parser's own CONTENTS_ENTRY so the
 * checks below can catch a leader style the parser misses.
 */
const LEADER_AND_PAGE = /(?:\.{4,}|(?:\. ){3,})\s*(?:[A-Z]-)?\d+$/m;

const QA_ROWS: QaRow[] = readFileSync(path.join(CORPUS_DIR, 'pdf-qa.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as QaRow);

/** Page counts from MANIFEST.md (pdfinfo). */
const PAGE_COUNTS: Record<string, number> = {
  'nist-sp-800-207-zero-trust-architecture.pdf': 59,
  'nist-sp-800-145-definition-of-cloud-computing.pdf': 7,
  'nist-sp-800-61r2-incident-handling-guide.pdf': 79,
  'rfc793-transmission-control-protocol.pdf': 90,
  'rfc8446-tls-1.3.pdf': 160,
};

describe('PDF parsing on the shared corpus', () => {
  let parse: DocumentFileParser;
  const parsed = new Map<string, ParsedDocument>();

  beforeAll(async () => {
    parse = createFileParser();
    for (const file of Object.keys(PAGE_COUNTS)) parsed.set(file, await parse(corpusFile(file)));
  }, 120_000);

  afterAll(() => parse.close());

  const documentOf = (file: string): ParsedDocument => {
    const document = parsed.get(file);
    if (!document) throw new Error(`${file} was not parsed`);
    return document;
  };

  it.each(Object.entries(PAGE_COUNTS))('%s has %i physical pages, numbered 1..N', (file, count) => {
    const { pages } = documentOf(file);
    expect(pages).toHaveLength(count);
    expect(pages.map((page) => page.pageNum)).toEqual(
      Array.from({ length: count }, (_, i) => i + 1),
    );
  });

  it.each(QA_ROWS.map((row) => [row.file, row.page, row.evidence, row] as const))(
    '%s p.%i holds "%s"',
    (file, page, evidence, row) => {
      const document = documentOf(file);
      expect(normalise(pageText(pageOf(document, page)))).toContain(normalise(evidence));
      // The evidence is where pdftotext finds it, and nowhere else.
      expect(pagesContaining(document, evidence)).toEqual(row.evidence_pages);
    },
  );

  it('drops running headers, footers and page numbers, and keeps header-only pages as text', () => {
    const rfc793 = documentOf('rfc793-transmission-control-protocol.pdf');
    // Pages 4, 11, 19 and 83 draw only RFC 793's running header and footer: text pages, not
    // scans, and nothing on them is content.
    for (const pageNum of [4, 11, 19, 83]) {
      expect(pageOf(rfc793, pageNum)).toEqual({ pageNum, blocks: [] });
    }
    const furniture: Array<[string, RegExp]> = [
      ['rfc793-transmission-control-protocol.pdf', /\[Page \d+\]|^September 1981$/m],
      ['rfc8446-tls-1.3.pdf', /Rescorla +Standards Track|RFC 8446 +TLS +August 2018/],
      ['nist-sp-800-61r2-incident-handling-guide.pdf', /COMPUTER SECURITY INCIDENT HANDLING GUIDE/],
      ['nist-sp-800-207-zero-trust-architecture.pdf', /available free of charge from: https/],
    ];
    for (const [file, pattern] of furniture) {
      // After the front matter: title pages, and RFC 793's first page of text (p. 6), set their
      // headers and footers at other places, each only once — those stay.
      const texts = documentOf(file)
        .pages.filter((page) => page.pageNum > 6)
        .flatMap((page) => page.blocks.map(blockText));
      expect(texts.filter((text) => pattern.test(text))).toEqual([]);
      // Page numbers alone ("39", "vii") are gone too.
      expect(texts.filter((text) => /^(?:\d{1,3}|[ivx]{1,5})$/.test(text.trim()))).toEqual([]);
    }
    // Captions recur ("Figure 11.", "Figure 12." at pages' feet) but not at one place: content.
    expect(pageText(pageOf(rfc793, 40))).toContain('Figure 12.');
    // Page 2 draws nothing but a frame: no text, no image.
    expect(pageOf(rfc793, 2)).toEqual({ pageNum: 2, blocks: [] });
    expect(rfc793.pages.some((page) => page.imageOnly)).toBe(false);
  });

  it('joins a sentence cut by a page break on the page where it starts', () => {
    const rfc793 = documentOf('rfc793-transmission-control-protocol.pdf');
    const page21 = pageOf(rfc793, 21).blocks.map(blockText);
    expect(page21.at(-1)).toBe(
      'The checksum also covers a 96 bit pseudo header conceptually prefixed to the TCP header.',
    );
    const page22 = pageOf(rfc793, 22).blocks.map(blockText);
    expect(page22[0]).toMatch(/^This pseudo header contains the Source Address, the Destination/);
    // A paragraph whose last sentence ends at the page's end is left alone.
    const cloud = documentOf('nist-sp-800-145-definition-of-cloud-computing.pdf');
    expect(pageText(pageOf(cloud, 6))).toContain(
      'consumer-created or acquired applications created using programming languages, libraries, services, and tools supported by the provider.',
    );
    expect(pageText(pageOf(cloud, 7))).toMatch(
      /^The consumer does not manage or control the underlying/,
    );
  });

  it("drops a footnote's number set small above the note's first line", () => {
    const incident = documentOf('nist-sp-800-61r2-incident-handling-guide.pdf');
    const texts = pageOf(incident, 48).blocks.map(blockText);
    // Read as text, "45 General Records Schedule…" was quoted with its 45 glued on.
    expect(texts.at(-1)).toMatch(/^General Records Schedule \(GRS\) 24, Information Technology/);
    const cloud = pageText(
      pageOf(documentOf('nist-sp-800-145-definition-of-cloud-computing.pdf'), 6),
    );
    expect(cloud).toContain('\nTypically this is done on a pay-per-use or charge-per-use basis.');
  });

  it('reads data structures and ASCII diagrams as code blocks, line by line', () => {
    const tls = pageOf(documentOf('rfc8446-tls-1.3.pdf'), 79).blocks;
    // Read as a paragraph, the struct was quoted for "What is the largest TLSPlaintext fragment
    // allowed?".
    expect(tls).toContainEqual({
      kind: 'code',
      text: expect.stringMatching(
        /^struct \{\n[^]*opaque fragment\[TLSPlaintext\.length\];\n\} TLSPlaintext;$/,
      ),
    });
    expect(tls.filter((block) => block.kind === 'paragraph').map(blockText)).toContainEqual(
      expect.stringMatching(
        /^length: The length \(in bytes\) of the following TLSPlaintext\.fragment\./,
      ),
    );
    const tcp = pageOf(documentOf('rfc793-transmission-control-protocol.pdf'), 22).blocks;
    expect(tcp).toContainEqual({
      kind: 'code',
      text: expect.stringMatching(
        /^\+--------\+--------\+--------\+--------\+\n\| Source Address \|/,
      ),
    });
    // No prose of the NIST reports is taken for code.
    for (const file of [
      'nist-sp-800-207-zero-trust-architecture.pdf',
      'nist-sp-800-61r2-incident-handling-guide.pdf',
      'nist-sp-800-145-definition-of-cloud-computing.pdf',
    ]) {
      const code = documentOf(file).pages.flatMap((page) =>
        page.blocks.filter((block) => block.kind === 'code'),
      );
      expect(code).toEqual([]);
    }
  });

  it('leaves table-of-contents entries out of the text', () => {
    const zeroTrust = documentOf('nist-sp-800-207-zero-trust-architecture.pdf');
    // p. 7's entry "3.1 Variations of Zero Trust Architecture Approaches ........ 11" was quoted
    // as an answer instead of section 3.1 itself.
    expect(pageText(pageOf(zeroTrust, 7))).not.toContain('Variations of Zero Trust');
    expect(pageText(pageOf(zeroTrust, 7))).toContain('Table of Contents');
    expect(pageOf(zeroTrust, 20).blocks).toContainEqual({
      kind: 'heading',
      level: 2,
      text: '3.1 Variations of Zero Trust Architecture Approaches',
    });
    for (const document of parsed.values()) {
      const entries = document.pages.flatMap((page) =>
        page.blocks
          .map(blockText)
          .filter((text) => text.split('\n').some((line) => LEADER_AND_PAGE.test(line))),
      );
      expect(entries).toEqual([]);
    }
  });

  it('finds headings set in larger type, and numbered section headings at body size', () => {
    const headingsOf = (file: string, pageNum: number) =>
      pageOf(documentOf(file), pageNum).blocks.filter((block) => block.kind === 'heading');
    expect(headingsOf('nist-sp-800-207-zero-trust-architecture.pdf', 2)).toContainEqual({
      kind: 'heading',
      level: 1,
      text: 'Zero Trust Architecture',
    });
    expect(headingsOf('nist-sp-800-207-zero-trust-architecture.pdf', 15)).toEqual([
      { kind: 'heading', level: 2, text: '2.1 Tenets of Zero Trust' },
    ]);
    expect(headingsOf('nist-sp-800-61r2-incident-handling-guide.pdf', 42)).toEqual([
      { kind: 'heading', level: 3, text: '3.2.7 Incident Notification' },
    ]);
    // Appendices are top-level parts at body size, each with its own sections.
    expect(headingsOf('nist-sp-800-61r2-incident-handling-guide.pdf', 61)).toContainEqual({
      kind: 'heading',
      level: 1,
      text: 'Appendix A—Incident Handling Scenarios',
    });
    expect(headingsOf('rfc8446-tls-1.3.pdf', 122)).toContainEqual({
      kind: 'heading',
      level: 1,
      text: 'Appendix B. Protocol Data Structures and Constant Values',
    });
    expect(headingsOf('rfc8446-tls-1.3.pdf', 102)).toEqual([
      { kind: 'heading', level: 1, text: '9. Compliance Requirements' },
      { kind: 'heading', level: 2, text: '9.1. Mandatory-to-Implement Cipher Suites' },
    ]);
    // Table-of-contents lines, numbered questions and the numbered lines of RFC 793's
    // sequence diagrams are not headings.
    const all = [...parsed.values()].flatMap((document) =>
      document.pages.flatMap((page) => page.blocks.filter((block) => block.kind === 'heading')),
    );
    for (const heading of all) {
      expect(heading.kind === 'heading' && heading.text).not.toMatch(/[<>?]/);
      expect(heading.kind === 'heading' && heading.text).not.toMatch(LEADER_AND_PAGE);
    }
  });

  it('rebuilds paragraphs from lines, keeping compound hyphens at line ends', () => {
    const page = pageOf(documentOf('nist-sp-800-145-definition-of-cloud-computing.pdf'), 6);
    const paragraph = page.blocks.find(
      (block) => block.kind === 'paragraph' && block.text.startsWith('Cloud computing is a model'),
    );
    expect(paragraph).toBeDefined();
    // One paragraph across the six lines of the definition, read as flowing text.
    expect(paragraph && 'text' in paragraph ? paragraph.text : '').toContain(
      'shared pool of configurable computing resources (e.g., networks, servers, storage, applications, and services) that can be rapidly provisioned',
    );
    // "user-" / "specific" split at a line end: "userspecific" never occurs, so the hyphen stays.
    expect(pageText(page)).toContain('limited user-specific application configuration');
  });

  it('drops footnote marks set small above the baseline, not the numbers of the text', () => {
    const zeroTrust = documentOf('nist-sp-800-207-zero-trust-architecture.pdf');
    const page = pageText(pageOf(zeroTrust, 37));
    // "…internet users.⁵ It is also…": the mark would glue to the sentence as "users.5".
    expect(page).toContain('disrupt service to millions of internet users. It is also possible');
    expect(page).not.toContain('users.5');
    // A note whose text starts on the line after its number (a URL too long for it) keeps the
    // number on a line of its own; section numbers set at body size stay.
    expect(page).toContain('5\nhttps://blog.cloudflare.com/inside-mirai');
    expect(page).toContain('5.2 Denial-of-Service or Network Disruption');
    const cloud = pageText(
      pageOf(documentOf('nist-sp-800-145-definition-of-cloud-computing.pdf'), 6),
    );
    expect(cloud).toContain('applications running on a cloud infrastructure. The applications are');
    expect(cloud).not.toMatch(/capability1|infrastructure2/);
  });

  it('reads a short "Label: value" line under a title block as a field of its own', () => {
    const texts = pageOf(documentOf('nist-sp-800-207-zero-trust-architecture.pdf'), 3).blocks.map(
      (block) => ('text' in block ? block.text : ''),
    );
    // Read as one paragraph, the date's sentence ended "…(August 2020) CODEN: NSPUE2".
    const citation = texts.find((text) => text.includes('Spec. Publ. 800-207'));
    expect(citation).toMatch(/59 pages \(August 2020\)$/);
    expect(texts).toContain('CODEN: NSPUE2');
    expect(texts).toContain('Email: zerotrust-arch@nist.gov');
    // A line as long as the block's others may be running text that wraps: it stays with them.
    expect(texts.filter((text) => text.startsWith('Attn:'))).toEqual([]);
  });

  it('reads an appendix number (A.2) as a section number', () => {
    const incident = documentOf('nist-sp-800-61r2-incident-handling-guide.pdf');
    const headings = pageOf(incident, 62).blocks.flatMap((block) =>
      block.kind === 'heading' ? [[block.level, block.text] as const] : [],
    );
    expect(headings).toEqual([[2, 'A.2 Scenarios']]);
  });

  it('reads a Symbol-font bullet (U+F03C, SP 800-61) as a list item, without the glyph', () => {
    const incident = documentOf('nist-sp-800-61r2-incident-handling-guide.pdf');
    const page14 = pageOf(incident, 14).blocks;
    expect(page14).toContainEqual({
      kind: 'list_item',
      text: 'Appendix H contains a change log listing significant changes since the previous revision.',
      depth: 0,
    });
    const glyph = incident.pages.flatMap((page) =>
      page.blocks.filter((block) => 'text' in block && /^\s*\uf03c/.test(block.text)),
    );
    expect(glyph).toEqual([]);
  });

  it('marks a page with an image and no text as imageOnly, and a blank page as empty', async () => {
    const document = await parse(fileOf(scannedTypedBlankPdf(), 'scan.pdf'));
    expect(document.pages).toEqual([
      { pageNum: 1, blocks: [], imageOnly: true },
      { pageNum: 2, blocks: [{ kind: 'paragraph', text: 'Typed words on page two' }] },
      { pageNum: 3, blocks: [] },
    ]);
  });

  it('refuses a password-protected PDF with a clear message', async () => {
    await expect(parse(fileOf(passwordProtectedPdf(), 'locked.pdf'))).rejects.toMatchObject({
      name: 'DocumentError',
      message: 'the PDF is password-protected',
    });
  });
});
