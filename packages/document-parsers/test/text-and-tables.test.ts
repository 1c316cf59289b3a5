import { decodeText } from '../src/blocks/text-decoding';
import { detectFileFormat } from '@docent/document-model';
import { parseCsv, parseCsvRecords } from '../src/formats/text/csv-parser';
import { parsePlainText } from '../src/formats/text/plain-text-parser';
import { numericCellText, serialToIso } from '../src/formats/xlsx/cell-values';
import { classifyFormatCode } from '../src/formats/xlsx/number-formats';
import { Dehyphenator } from '../src/formats/pdf/pdf-hyphenation';

describe('format detection', () => {
  it.each([
    ['application/pdf', 'report.bin', 'pdf'],
    ['application/octet-stream', 'notes.md', 'markdown'],
    ['text/plain; charset=utf-8', 'data.csv', 'csv'],
    ['text/plain', 'readme.txt', 'text'],
    ['text/plain', undefined, 'text'],
    ['', 'slides.PPTX', 'pptx'],
    ['application/zip', 'book.xlsx', 'xlsx'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', undefined, 'docx'],
    ['text/html; charset=ISO-8859-1', 'index.htm', 'html'],
    ['text/tab-separated-values', 'x', 'tsv'],
  ])('%s + %s → %s', (mediaType, fileName, format) => {
    expect(detectFileFormat(mediaType, fileName)).toBe(format);
  });

  it.each([
    ['application/vnd.google-apps.document', 'doc.pdf'],
    ['image/png', 'scan.png'],
    ['application/octet-stream', 'archive.tar'],
    ['application/octet-stream', undefined],
  ])('%s + %s is not supported', (mediaType, fileName) => {
    expect(detectFileFormat(mediaType, fileName)).toBeUndefined();
  });
});

describe('plain text', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside them', () => {
    expect(
      parsePlainText('First line\nsame paragraph\n\n  \n\nSecond\t\tparagraph\r\n\r\n').pages,
    ).toEqual([
      {
        pageNum: 1,
        blocks: [
          { kind: 'paragraph', text: 'First line\nsame paragraph' },
          { kind: 'paragraph', text: 'Second paragraph' },
        ],
      },
    ]);
  });

  it('decodes BOMs, UTF-8, and falls back to Windows-1252 for invalid UTF-8', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toBe('hi');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toBe('hé');
    expect(decodeText(new TextEncoder().encode('naïve €'))).toBe('naïve €');
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('café €');
  });
});

describe('CSV', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(parseCsvRecords('a,"b, c","say ""hi""","two\nlines"\r\n1,2,3,4', ',')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('turns rows into table rows, a text first row into the header, empty columns dropped', () => {
    expect(parseCsv('name;;amount\nalpha;;1,5\n;;\nbeta;;2\n').pages[0]?.blocks).toEqual([
      { kind: 'table_row', cells: ['name', 'amount'], header: true },
      { kind: 'table_row', cells: ['alpha', '1,5'] },
      { kind: 'table_row', cells: ['beta', '2'] },
    ]);
    // Numbers in the first row: no header.
    expect(parseCsv('1\t2\n3\t4', '\t').pages[0]?.blocks).toEqual([
      { kind: 'table_row', cells: ['1', '2'] },
      { kind: 'table_row', cells: ['3', '4'] },
    ]);
  });
});

describe('spreadsheet values', () => {
  it('classifies number format codes', () => {
    expect(classifyFormatCode('yyyy-mm-dd')).toBe('date');
    expect(classifyFormatCode('[$-409]mmmm d, yyyy;@')).toBe('date');
    expect(classifyFormatCode('h:mm AM/PM')).toBe('time');
    expect(classifyFormatCode('[h]:mm:ss')).toBe('time');
    expect(classifyFormatCode('dd/mm/yyyy hh:mm')).toBe('datetime');
    expect(classifyFormatCode('0.00%')).toBe('percent');
    expect(classifyFormatCode('#,##0.00 "days";[Red]-#,##0.00')).toBe('number');
    expect(classifyFormatCode('General')).toBe('number');
  });

  it('turns date serials into ISO dates in both date systems', () => {
    expect(serialToIso(45000, 'date', false)).toBe('2023-03-15');
    expect(serialToIso(45000.5, 'date', false)).toBe('2023-03-15T12:00:00');
    expect(serialToIso(0.75, 'time', false)).toBe('18:00:00');
    expect(serialToIso(0, 'date', true)).toBe('1904-01-01');
    expect(numericCellText('0.1234', 'percent', false)).toBe('12.34%');
    expect(numericCellText('0.30000000000000004', 'number', false)).toBe('0.3');
    expect(numericCellText('42', 'date', false)).toBe('1900-02-11');
  });
});

describe('PDF line-end hyphens', () => {
  it('closes up a split word the document writes whole elsewhere, keeps the hyphen otherwise', () => {
    const dehyphenator = new Dehyphenator();
    dehyphenator.learn('proper management matters and so does on-demand access');
    dehyphenator.learn('a line that ends with a hyphen manage-');
    expect(dehyphenator.join('good manage-', 'ment practices')).toBe('good management practices');
    expect(dehyphenator.join('self-service and on-', 'demand access')).toBe(
      'self-service and on-demand access',
    );
    expect(dehyphenator.join('user-', 'specific settings')).toBe('user-specific settings');
    expect(dehyphenator.join('TLS 1.3 uses SHA-', '256')).toBe('TLS 1.3 uses SHA-256');
    expect(dehyphenator.join('ends a sentence.', 'Next one')).toBe('ends a sentence. Next one');
  });
});
