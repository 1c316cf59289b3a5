import { documentVersion } from '../src/file-documents';
import type { DriveFile } from '../src/drive-file';
import { planFor } from '../src/file-plan';

const MB = 1024 * 1024;
const OOXML = 'application/vnd.openxmlformats-officedocument';

const file = (mimeType: string, extra: Partial<DriveFile> = {}): DriveFile => ({
  id: 'f1',
  name: 'Report',
  mimeType,
  parents: ['p'],
  trashed: false,
  modifiedTime: '2024-05-01T10:00:00.000Z',
  version: '7',
  ...extra,
});

describe('file plans', () => {
  it.each([
    ['application/pdf', 'a.pdf', 'application/pdf'],
    [`${OOXML}.wordprocessingml.document`, 'a.docx', `${OOXML}.wordprocessingml.document`],
    [`${OOXML}.presentationml.presentation`, 'a.pptx', `${OOXML}.presentationml.presentation`],
    [`${OOXML}.spreadsheetml.sheet`, 'a.xlsx', `${OOXML}.spreadsheetml.sheet`],
    ['text/html', 'a.html', 'text/html'],
    ['text/markdown', 'a.md', 'text/markdown'],
    ['text/x-markdown', 'a.md', 'text/markdown'],
    ['text/plain', 'notes.md', 'text/markdown'],
    ['application/octet-stream', 'README.markdown', 'text/markdown'],
    ['application/octet-stream', 'deck.PPTX', `${OOXML}.presentationml.presentation`],
    ['text/plain', 'a.txt', 'text/plain'],
    ['text/csv', 'a.csv', 'text/csv'],
    ['text/tab-separated-values', 'a.tsv', 'text/tab-separated-values'],
    ['application/xhtml+xml', 'a.xhtml', 'text/html'],
    ['application/vnd.ms-excel.sheet.macroEnabled.12', 'a.xlsm', `${OOXML}.spreadsheetml.sheet`],
  ])('downloads %s named %s as %s', (mimeType, name, mediaType) => {
    expect(planFor(file(mimeType, { name, size: 10 }), MB)).toEqual({
      kind: 'download',
      mediaType,
      fileName: name,
      size: 10,
    });
  });

  it.each([
    ['image/png', 'unsupported file type (image/png)'],
    ['video/mp4', 'unsupported file type (video/mp4)'],
    ['application/zip', 'unsupported file type (application/zip)'],
    ['application/octet-stream', 'unsupported file type (application/octet-stream)'],
    ['application/vnd.google-apps.form', 'unsupported Google type (Google Forms)'],
    ['application/vnd.google-apps.site', 'unsupported Google type (Google Sites)'],
    ['application/vnd.google-apps.map', 'unsupported Google type (Google My Maps)'],
    [
      'application/vnd.google-apps.unknown',
      'unsupported Google type (application/vnd.google-apps.unknown)',
    ],
  ])('skips %s', (mimeType, reason) => {
    expect(planFor(file(mimeType, { name: 'x.bin' }), MB)).toEqual({ kind: 'skip', reason });
  });

  it('skips files over the size limit, saying how large they are', () => {
    expect(planFor(file('application/pdf', { size: 150 * MB }), 100 * MB)).toEqual({
      kind: 'skip',
      reason: 'file too large (150 MB; the limit is 100 MB)',
    });
    expect(planFor(file('application/pdf', { size: 1.5 * MB }), MB)).toMatchObject({
      reason: 'file too large (1.5 MB; the limit is 1.0 MB)',
    });
    expect(planFor(file('application/pdf', { size: MB }), MB)).toMatchObject({ kind: 'download' });
  });

  it('exports Docs as PDF and Slides as PPTX, both with a text fallback; Sheets as XLSX', () => {
    expect(planFor(file('application/vnd.google-apps.document'), MB)).toEqual({
      kind: 'export',
      rendition: { mimeType: 'application/pdf', fileName: 'Report.pdf' },
      fallback: { mimeType: 'text/plain', fileName: 'Report.txt' },
    });
    expect(planFor(file('application/vnd.google-apps.presentation'), MB)).toEqual({
      kind: 'export',
      rendition: { mimeType: `${OOXML}.presentationml.presentation`, fileName: 'Report.pptx' },
      fallback: { mimeType: 'text/plain', fileName: 'Report.txt' },
    });
    expect(planFor(file('application/vnd.google-apps.spreadsheet'), MB)).toEqual({
      kind: 'export',
      rendition: { mimeType: `${OOXML}.spreadsheetml.sheet`, fileName: 'Report.xlsx' },
    });
    expect(planFor(file('application/vnd.google-apps.drawing'), MB)).toEqual({
      kind: 'export',
      rendition: { mimeType: 'application/pdf', fileName: 'Report.pdf' },
    });
  });
});

describe('document versions', () => {
  const pdf = file('application/pdf', { md5Checksum: 'abc', size: 3 });
  const doc = file('application/vnd.google-apps.document');

  it('changes with the bytes or the modification time of a binary file', () => {
    const version = documentVersion(pdf, planFor(pdf, MB));
    expect(version).toBe('md5:abc;modified:2024-05-01T10:00:00.000Z');
    const edited = { ...pdf, md5Checksum: 'def' };
    expect(documentVersion(edited, planFor(edited, MB))).not.toBe(version);
    const touched = { ...pdf, modifiedTime: '2024-05-02T00:00:00.000Z' };
    expect(documentVersion(touched, planFor(touched, MB))).not.toBe(version);
  });

  it("follows a Google file's modifiedTime and export type, not its metadata version", () => {
    const version = documentVersion(doc, planFor(doc, MB));
    expect(version).toBe('export:application/pdf;modified:2024-05-01T10:00:00.000Z');
    const shared = { ...doc, version: '8' };
    expect(documentVersion(shared, planFor(shared, MB))).toBe(version);
    const edited = { ...doc, modifiedTime: '2024-05-03T00:00:00.000Z' };
    expect(documentVersion(edited, planFor(edited, MB))).not.toBe(version);
  });
});
