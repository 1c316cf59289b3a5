import { parseDocx } from '../src/formats/docx/docx-parser';
import { ZipArchive } from '../src/zip/zip-archive';
import { DEFAULT_ZIP_LIMITS } from '../src/zip/zip-limits';
import { docxOf, paragraph, run } from './support/office-files';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function parse(bodyXml: string, extraParts: Record<string, string> = {}) {
  return parseDocx(new ZipArchive(docxOf(bodyXml, extraParts), DEFAULT_ZIP_LIMITS));
}

/** pageNum → texts of its blocks. */
function textsByPage(bodyXml: string, extraParts: Record<string, string> = {}) {
  return parse(bodyXml, extraParts).pages.map((page) => [
    page.pageNum,
    page.blocks.map((block) => (block.kind === 'table_row' ? block.cells.join('|') : block.text)),
  ]);
}

const PAGE_BREAK = '<w:r><w:br w:type="page"/></w:r>';
const RENDERED_BREAK = '<w:r><w:lastRenderedPageBreak/></w:r>';

describe('DOCX page numbers', () => {
  it('puts everything on page 1 when no break is recorded', () => {
    expect(textsByPage(paragraph(run('one')) + paragraph(run('two')))).toEqual([
      [1, ['one', 'two']],
    ]);
  });

  it('counts explicit page breaks, pageBreakBefore and new-page section breaks', () => {
    const body =
      paragraph(run('cover')) +
      paragraph(PAGE_BREAK) +
      paragraph(run('chapter one')) +
      paragraph(run('chapter two'), '<w:pageBreakBefore/>') +
      paragraph(run('end of section'), '<w:sectPr><w:type w:val="continuous"/></w:sectPr>') +
      paragraph(run('after next-page section')) +
      paragraph(run('in continuous section'), '<w:sectPr/>') +
      paragraph(run('same page')) +
      `<w:sectPr><w:type w:val="continuous"/></w:sectPr>`;
    // The break after a section is the *next* section's type: the first section is followed by
    // one without a type (nextPage), the second by a continuous one.
    expect(textsByPage(body)).toEqual([
      [1, ['cover']],
      [2, ['chapter one']],
      [3, ['chapter two', 'end of section']],
      [4, ['after next-page section', 'in continuous section', 'same page']],
    ]);
  });

  it('ignores pageBreakBefore on the first paragraph of the document', () => {
    expect(
      textsByPage(paragraph(run('first'), '<w:pageBreakBefore/>') + paragraph(run('second'))),
    ).toEqual([[1, ['first', 'second']]]);
  });

  it('prefers rendered page breaks and then ignores explicit ones', () => {
    const body =
      paragraph(run('one')) +
      // Word records the explicit break and then the rendered break where the next page began.
      paragraph(PAGE_BREAK) +
      paragraph(RENDERED_BREAK + run('two'), '<w:pageBreakBefore/>') +
      paragraph(run('still two'));
    expect(textsByPage(body)).toEqual([
      [1, ['one']],
      [2, ['two', 'still two']],
    ]);
  });

  it('splits a paragraph at a rendered break inside it, but keeps headings and rows whole', () => {
    const styles = `<?xml version="1.0"?><w:styles xmlns:w="${W}">
      <w:style w:type="paragraph" w:styleId="H"><w:name w:val="heading 1"/></w:style></w:styles>`;
    const body =
      paragraph(run('first half ') + RENDERED_BREAK + run('second half')) +
      paragraph(run('long heading ') + RENDERED_BREAK + run('continued'), '<w:pStyle w:val="H"/>') +
      paragraph(run('after heading')) +
      `<w:tbl><w:tr><w:tc>${paragraph(run('a') + RENDERED_BREAK + run('b'))}</w:tc></w:tr>` +
      `<w:tr><w:tc>${paragraph(RENDERED_BREAK + run('row on new page'))}</w:tc></w:tr></w:tbl>`;
    expect(
      textsByPage(body, {
        'word/styles.xml': styles,
        'word/_rels/document.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
      }),
    ).toEqual([
      [1, ['first half']],
      [2, ['second half', 'long heading continued']],
      [3, ['after heading', 'a\nb']],
      [4, []],
      [5, ['row on new page']],
    ]);
  });
});

describe('DOCX structure', () => {
  const numbering = `<?xml version="1.0"?><w:numbering xmlns:w="${W}">
    <w:abstractNum w:abstractNumId="0">
      <w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl>
      <w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl>
    </w:abstractNum>
    <w:num w:numId="5"><w:abstractNumId w:val="0"/></w:num>
  </w:numbering>`;

  it('reads list items with depth and ordered/bullet from numbering.xml', () => {
    const item = (text: string, ilvl: number, numId = 5) =>
      paragraph(
        run(text),
        `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`,
      );
    const document = parse(item('first', 0) + item('nested', 1) + item('not a list', 0, 0), {
      'word/numbering.xml': numbering,
    });
    expect(document.pages[0]?.blocks).toEqual([
      { kind: 'list_item', text: 'first', depth: 0, ordered: true },
      { kind: 'list_item', text: 'nested', depth: 1, ordered: false },
      { kind: 'paragraph', text: 'not a list' },
    ]);
  });

  it('reads headings from outline levels, hyperlink text, tabs and soft breaks, and skips deleted text', () => {
    const body =
      paragraph(run('Outlined'), '<w:outlineLvl w:val="2"/>') +
      paragraph(
        `<w:hyperlink r:id="x" xmlns:r="r">${run('link text')}</w:hyperlink>` +
          `<w:del><w:r><w:delText>gone</w:delText></w:r></w:del>` +
          `<w:r><w:tab/><w:t>tabbed</w:t><w:br/><w:t>next line</w:t></w:r>`,
      ) +
      paragraph(`<w:r><w:instrText> PAGE </w:instrText></w:r>${run('field result')}`);
    expect(parse(body).pages[0]?.blocks).toEqual([
      { kind: 'heading', level: 3, text: 'Outlined' },
      { kind: 'paragraph', text: 'link text tabbed\nnext line' },
      { kind: 'paragraph', text: 'field result' },
    ]);
  });

  it('marks repeated header rows and flattens nested tables into their cell', () => {
    const cell = (content: string) => `<w:tc>${content}</w:tc>`;
    const body =
      `<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr>${cell(paragraph(run('Name')))}${cell(paragraph(run('Value')))}</w:tr>` +
      `<w:tr>${cell(paragraph(run('outer')))}${cell(
        `<w:tbl><w:tr>${cell(paragraph(run('x')))}${cell(paragraph(run('y')))}</w:tr></w:tbl>`,
      )}</w:tr></w:tbl>`;
    expect(parse(body).pages[0]?.blocks).toEqual([
      { kind: 'table_row', cells: ['Name', 'Value'], header: true },
      { kind: 'table_row', cells: ['outer', 'x | y'] },
    ]);
  });

  it('reads text boxes once (DrawingML choice, not the VML fallback)', () => {
    const textbox = (text: string) => `<w:txbxContent>${paragraph(run(text))}</w:txbxContent>`;
    const body = paragraph(
      run('host') +
        `<w:r><mc:AlternateContent xmlns:mc="mc"><mc:Choice Requires="wps"><w:drawing>${textbox('boxed')}</w:drawing></mc:Choice>` +
        `<mc:Fallback><w:pict>${textbox('boxed')}</w:pict></mc:Fallback></mc:AlternateContent></w:r>`,
    );
    expect(parse(body).pages[0]?.blocks).toEqual([
      { kind: 'paragraph', text: 'host' },
      { kind: 'paragraph', text: 'boxed' },
    ]);
  });
});
