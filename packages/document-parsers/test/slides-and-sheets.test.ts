import { zipOf } from '@docent/test-support';
import { parsePptx } from '../src/formats/pptx/pptx-parser';
import { parseXlsx } from '../src/formats/xlsx/xlsx-parser';
import { ZipArchive } from '../src/zip/zip-archive';
import { DEFAULT_ZIP_LIMITS } from '../src/zip/zip-limits';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

function relationships(entries: Array<[id: string, type: string, target: string]>): string {
  const items = entries
    .map(
      ([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`,
    )
    .join('');
  return `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
}

const packageRels = (main: string) => relationships([['rId1', 'officeDocument', main]]);

function shape(placeholder: string | undefined, paragraphs: string): string {
  const ph =
    placeholder === undefined
      ? ''
      : placeholder === ''
        ? '<p:ph idx="1"/>'
        : `<p:ph type="${placeholder}"/>`;
  return `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:txBody>${paragraphs}</p:txBody></p:sp>`;
}

const para = (text: string, properties = '') =>
  `<a:p>${properties}<a:r><a:t>${text}</a:t></a:r></a:p>`;

function slide(shapes: string): string {
  return `<?xml version="1.0"?><p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${REL}"><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`;
}

describe('PPTX', () => {
  // Slide files are named against their order on purpose: the presentation's list decides.
  const pptx = zipOf({
    '_rels/.rels': packageRels('ppt/presentation.xml'),
    'ppt/presentation.xml': `<?xml version="1.0"?><p:presentation xmlns:p="${P}" xmlns:r="${REL}"><p:sldIdLst><p:sldId id="256" r:id="rA"/><p:sldId id="257" r:id="rB"/></p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': relationships([
      ['rA', 'slide', 'slides/slide2.xml'],
      ['rB', 'slide', '/ppt/slides/slide1.xml'],
    ]),
    'ppt/slides/slide2.xml': slide(
      shape(
        'title',
        para('First') + '<a:p><a:r><a:t>slide</a:t></a:r><a:br/><a:r><a:t>title</a:t></a:r></a:p>',
      ) +
        shape(
          '',
          para('bullet') +
            para('sub bullet', '<a:pPr lvl="1"/>') +
            para('no bullet', '<a:pPr><a:buNone/></a:pPr>'),
        ) +
        shape(
          undefined,
          para('numbered', '<a:pPr><a:buAutoNum type="arabicPeriod"/></a:pPr>') +
            para('plain text box'),
        ) +
        shape('sldNum', para('1')) +
        `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="t"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><a:graphic><a:graphicData><a:tbl><a:tblPr firstRow="1"/>` +
        `<a:tr><a:tc><a:txBody>${para('Key')}</a:txBody></a:tc><a:tc><a:txBody>${para('Value')}</a:txBody></a:tc></a:tr>` +
        `<a:tr><a:tc><a:txBody>${para('k')}</a:txBody></a:tc><a:tc><a:txBody>${para('v')}</a:txBody></a:tc></a:tr>` +
        `</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`,
    ),
    'ppt/slides/_rels/slide2.xml.rels': relationships([
      ['n1', 'notesSlide', '../notesSlides/notesSlide1.xml'],
    ]),
    'ppt/notesSlides/notesSlide1.xml': `<?xml version="1.0"?><p:notes xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree>${shape('sldImg', '')}${shape('body', para('Say this out loud.'))}</p:spTree></p:cSld></p:notes>`,
    'ppt/slides/slide1.xml': slide(`<p:grpSp>${shape(undefined, para('grouped text'))}</p:grpSp>`),
  });

  it('reads slides in presentation order with titles, bullets, tables and notes', () => {
    const document = parsePptx(new ZipArchive(pptx, DEFAULT_ZIP_LIMITS));
    expect(document.pages).toEqual([
      {
        pageNum: 1,
        label: 'First slide title',
        blocks: [
          { kind: 'heading', level: 1, text: 'First slide title' },
          { kind: 'list_item', text: 'bullet', depth: 0 },
          { kind: 'list_item', text: 'sub bullet', depth: 1 },
          { kind: 'paragraph', text: 'no bullet' },
          { kind: 'list_item', text: 'numbered', depth: 0, ordered: true },
          { kind: 'paragraph', text: 'plain text box' },
          { kind: 'table_row', cells: ['Key', 'Value'], header: true },
          { kind: 'table_row', cells: ['k', 'v'] },
          { kind: 'callout', text: 'Say this out loud.', label: 'Notes' },
        ],
      },
      { pageNum: 2, blocks: [{ kind: 'paragraph', text: 'grouped text' }] },
    ]);
  });
});

describe('XLSX', () => {
  const sheet = (rows: string) =>
    `<?xml version="1.0"?><worksheet xmlns="${S}"><sheetData>${rows}</sheetData></worksheet>`;
  const xlsx = (date1904: boolean) =>
    zipOf({
      '_rels/.rels': packageRels('xl/workbook.xml'),
      'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${S}" xmlns:r="${REL}"><workbookPr date1904="${date1904 ? 1 : 0}"/><sheets>
        <sheet name="Data" sheetId="7" r:id="r2"/><sheet name="Chart" sheetId="8" r:id="r3"/><sheet name="Empty" sheetId="9" r:id="r1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': relationships([
        ['r1', 'worksheet', 'worksheets/sheet1.xml'],
        ['r2', 'worksheet', 'worksheets/sheet2.xml'],
        ['r3', 'chartsheet', 'chartsheets/sheet1.xml'],
        ['r4', 'sharedStrings', 'sharedStrings.xml'],
        ['r5', 'styles', 'styles.xml'],
      ]),
      'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${S}"><si><t>Name</t></si><si><t>When</t></si>
        <si><r><t>rich </t></r><r><t>text</t></r><rPh><t>ignored reading</t></rPh></si><si><t>Done</t></si></sst>`,
      'xl/styles.xml': `<?xml version="1.0"?><styleSheet xmlns="${S}"><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>
        <cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="9"/></cellXfs></styleSheet>`,
      'xl/worksheets/sheet1.xml': sheet(''),
      'xl/worksheets/sheet2.xml': sheet(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="E1" t="s"><v>3</v></c><c r="F1"><v>2</v></c></row>' +
          '<row r="2"/>' +
          '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" s="1"><v>45000</v></c><c r="E3" t="b"><v>1</v></c><c r="F3" s="2"><v>0.25</v></c></row>' +
          '<row r="4"><c r="A4" t="inlineStr"><is><t>inline</t></is></c><c r="C4" t="str"><f>A1</f><v>formula text</v></c><c r="E4" t="e"><v>#N/A</v></c></row>',
      ),
    });

  it('reads sheets in workbook order with typed cells, skipping empty rows and columns', () => {
    const document = parseXlsx(new ZipArchive(xlsx(false), DEFAULT_ZIP_LIMITS));
    expect(document.pages).toEqual([
      {
        pageNum: 1,
        label: 'Data',
        blocks: [
          // F1 is a number, so row 1 is not a header.
          { kind: 'table_row', cells: ['Name', 'When', 'Done', '2'] },
          { kind: 'table_row', cells: ['rich text', '2023-03-15', 'TRUE', '25%'] },
          { kind: 'table_row', cells: ['inline', 'formula text', '#N/A', ''] },
        ],
      },
      { pageNum: 2, label: 'Chart', blocks: [] },
      { pageNum: 3, label: 'Empty', blocks: [] },
    ]);
  });

  it('refuses a streamed part that declares a DTD (billion laughs in the shared strings)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;">]>' +
      `<sst xmlns="${S}"><si><t>&lol1;</t></si></sst>`;
    const bomb = zipOf({
      '_rels/.rels': packageRels('xl/workbook.xml'),
      'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${S}" xmlns:r="${REL}"><sheets/></workbook>`,
      'xl/_rels/workbook.xml.rels': relationships([['r1', 'sharedStrings', 'sharedStrings.xml']]),
      'xl/sharedStrings.xml': laughs,
    });
    expect(() => parseXlsx(new ZipArchive(bomb, DEFAULT_ZIP_LIMITS))).toThrow(
      'xl/sharedStrings.xml declares a DTD, which Office files never do',
    );
  });

  it('counts dates from 1904 when the workbook says so', () => {
    const [data] = parseXlsx(new ZipArchive(xlsx(true), DEFAULT_ZIP_LIMITS)).pages;
    expect(data?.blocks[1]).toEqual({
      kind: 'table_row',
      cells: ['rich text', '2027-03-16', 'TRUE', '25%'],
    });
  });
});
