import { zipOf } from './zip-writer';
import { contentTypesXml, escapeXml, relationshipsXml } from './office-xml';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** What a hand-built DOCX holds, in reading order. */
export type DocxBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list_item'; text: string; ordered?: boolean; depth?: number }
  /** The first row is a repeated header row when `header` is set. */
  | { kind: 'table'; rows: string[][]; header?: boolean }
  | { kind: 'page_break' };

/** numId 1: bullets, numId 2: decimal numbers, on three levels each. */
const NUMBERING = `<?xml version="1.0" encoding="UTF-8"?><w:numbering xmlns:w="${W}">${[
  ['0', 'bullet'],
  ['1', 'decimal'],
]
  .map(
    ([id, format]) =>
      `<w:abstractNum w:abstractNumId="${id}">${[0, 1, 2]
        .map(
          (level) =>
            `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${format === 'bullet' ? '•' : `%${level + 1}.`}"/></w:lvl>`,
        )
        .join('')}</w:abstractNum>`,
  )
  .join(
    '',
  )}<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`;

function run(text: string): string {
  return `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

function paragraphXml(text: string, properties = ''): string {
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${run(text)}</w:p>`;
}

function blockXml(block: DocxBlock): string {
  switch (block.kind) {
    case 'heading':
      return paragraphXml(block.text, `<w:pStyle w:val="Heading${block.level}"/>`);
    case 'paragraph':
      return paragraphXml(block.text);
    case 'list_item':
      return paragraphXml(
        block.text,
        `<w:numPr><w:ilvl w:val="${block.depth ?? 0}"/><w:numId w:val="${block.ordered ? 2 : 1}"/></w:numPr>`,
      );
    case 'table':
      return `<w:tbl><w:tblPr><w:tblLook w:firstRow="${block.header ? 1 : 0}"/></w:tblPr>${block.rows
        .map(
          (cells, index) =>
            `<w:tr>${index === 0 && block.header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${cells
              .map((cell) => `<w:tc>${paragraphXml(cell)}</w:tc>`)
              .join('')}</w:tr>`,
        )
        .join('')}</w:tbl>`;
    case 'page_break':
      return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  }
}

/**
 * A DOCX as Word lays one out for these blocks: built-in heading styles, bulleted and numbered
 * lists from numbering.xml, tables with a header row, explicit page breaks.
 */
export function docxOf(blocks: DocxBlock[]): Uint8Array {
  return zipOf({
    '[Content_Types].xml': contentTypesXml({
      'word/document.xml': `${WORD_TYPE}.document.main+xml`,
      'word/numbering.xml': `${WORD_TYPE}.numbering+xml`,
    }),
    '_rels/.rels': relationshipsXml([['rId1', 'officeDocument', 'word/document.xml']]),
    'word/_rels/document.xml.rels': relationshipsXml([['rId1', 'numbering', 'numbering.xml']]),
    'word/numbering.xml': NUMBERING,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${blocks
      .map(blockXml)
      .join('')}</w:body></w:document>`,
  });
}
