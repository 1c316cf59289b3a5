import { DocumentError } from '@docent/document-model';
import { withDeclaredSize, zipOf } from '@docent/test-support';
import { ZipArchive } from '../src/zip/zip-archive';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from '../src/zip/zip-limits';

const limits = (overrides: Partial<ZipLimits> = {}): ZipLimits => ({
  ...DEFAULT_ZIP_LIMITS,
  ...overrides,
});

describe('ZipArchive', () => {
  it('reads deflated and stored entries by case-insensitive part name', () => {
    const zip = zipOf({
      'Word/Document.xml': '<doc>text</doc>',
      'media/raw.bin': new Uint8Array([1, 2, 3]),
    });
    const archive = new ZipArchive(zip, limits());
    expect(archive.names().sort()).toEqual(['Word/Document.xml', 'media/raw.bin']);
    expect(archive.has('/word/document.xml')).toBe(true);
    expect(archive.readText('word/document.xml')).toBe('<doc>text</doc>');
    expect([...archive.readBytes('media/raw.bin')]).toEqual([1, 2, 3]);
  });

  it('counts every inflated byte against the total, also when a part is read again', () => {
    const archive = new ZipArchive(
      zipOf({ 'a.xml': 'x'.repeat(1024) }),
      limits({ maxTotalUncompressedBytes: 1536 }),
    );
    expect(archive.readText('a.xml')).toHaveLength(1024);
    expect(() => archive.readText('a.xml')).toThrow(
      'zip archive inflates beyond the allowed total size',
    );
  });

  it('checks declared sizes per entry before inflating', () => {
    const zip = withDeclaredSize(zipOf({ 'a.xml': 'small' }), 'a.xml', 3 * 1024 * 1024);
    expect(
      () => new ZipArchive(zip, limits({ maxEntryUncompressedBytes: 2 * 1024 * 1024 })),
    ).toThrow('zip entry a.xml declares more uncompressed data than allowed');
  });

  it('reports corrupt data, truncated archives and missing entries as DocumentError', () => {
    const zip = zipOf({ 'a.xml': 'some text that deflates into a few bytes '.repeat(20) });
    const corrupt = zip.slice();
    // Garble the deflate stream right after the 30-byte local header and the 5-byte name.
    corrupt.fill(0xff, 35, 60);
    expect(() => new ZipArchive(corrupt, limits()).readText('a.xml')).toThrow(DocumentError);
    expect(() => new ZipArchive(zip.subarray(0, zip.length - 30), limits())).toThrow(DocumentError);
    expect(() => new ZipArchive(zip, limits()).readText('b.xml')).toThrow(
      'zip archive has no entry b.xml',
    );
  });
});
