import { Readable } from 'node:stream';
import {
  announcedSize,
  downloadedFileContent,
  parsableMediaType,
  planFileDownload,
  type HttpResponse,
} from '../src';

const MB = 1024 * 1024;
const OOXML = 'application/vnd.openxmlformats-officedocument';

function response(headers: Record<string, string>, body = 'bytes'): HttpResponse {
  return {
    status: 200,
    headers,
    url: 'https://files.example/x',
    text: () => Promise.resolve(body),
    json: () => Promise.resolve(JSON.parse(body) as unknown),
    buffer: () => Promise.resolve(Buffer.from(body)),
    stream: () => Readable.from([Buffer.from(body)]),
  } as HttpResponse;
}

describe('which listed files are downloaded', () => {
  it.each([
    ['application/pdf', 'a.pdf', 'application/pdf'],
    ['application/octet-stream', 'deck.PPTX', `${OOXML}.presentationml.presentation`],
    ['application/zip', 'report.docx', `${OOXML}.wordprocessingml.document`],
    ['text/plain', 'notes.md', 'text/markdown'],
    ['text/plain; charset=utf-8', 'notes.txt', 'text/plain'],
    ['application/vnd.ms-excel.sheet.macroEnabled.12', 'a.xlsm', `${OOXML}.spreadsheetml.sheet`],
  ])('reads %s named %s as %s', (declared, name, expected) => {
    expect(parsableMediaType(declared, name)).toBe(expected);
    expect(planFileDownload({ mediaType: declared, fileName: name, size: 3 }, MB)).toEqual({
      kind: 'download',
      mediaType: expected,
      fileName: name,
      size: 3,
    });
  });

  it.each([
    ['image/png', 'diagram.png'],
    ['video/mp4', 'demo.mp4'],
    ['application/octet-stream', 'blob.bin'],
    ['application/gliffy+json', 'flow.gliffy'],
  ])('skips %s (%s), saying why', (declared, name) => {
    expect(parsableMediaType(declared, name)).toBeUndefined();
    expect(planFileDownload({ mediaType: declared, fileName: name })).toEqual({
      kind: 'skip',
      reason: `unsupported file type (${declared})`,
    });
  });

  it('skips a file over the cap by its listed size; no size means download', () => {
    const pdf = { mediaType: 'application/pdf', fileName: 'big.pdf' };
    expect(planFileDownload({ ...pdf, size: 150 * MB }, 100 * MB)).toEqual({
      kind: 'skip',
      reason: 'file too large (150 MB; the limit is 100 MB)',
    });
    expect(planFileDownload({ ...pdf, size: 1.5 * MB }, MB)).toMatchObject({
      reason: 'file too large (1.5 MB; the limit is 1.0 MB)',
    });
    expect(planFileDownload({ ...pdf, size: MB }, MB)).toMatchObject({ kind: 'download' });
    expect(planFileDownload(pdf, MB)).toEqual({
      kind: 'download',
      mediaType: 'application/pdf',
      fileName: 'big.pdf',
    });
  });
});

describe('a download as file content', () => {
  it('streams once, with the size listed or announced', async () => {
    const content = downloadedFileContent(response({ 'content-length': '5' }), {
      mediaType: 'application/pdf',
      fileName: 'a.pdf',
    });
    expect(content).toMatchObject({ kind: 'file', mediaType: 'application/pdf', size: 5 });
    if (content.kind !== 'file') throw new Error('not a file');
    const chunks: Buffer[] = [];
    for await (const chunk of await content.open()) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
    await expect(content.open()).rejects.toThrow('already opened');
  });

  it('trusts Content-Length only for an uncompressed body', () => {
    expect(announcedSize(response({ 'content-length': '12' }))).toBe(12);
    expect(
      announcedSize(response({ 'content-length': '12', 'content-encoding': 'gzip' })),
    ).toBeUndefined();
    expect(announcedSize(response({}))).toBeUndefined();
    const listed = downloadedFileContent(response({ 'content-length': '12' }), {
      mediaType: 'text/plain',
      size: 4,
    });
    expect(listed).toMatchObject({ size: 4 });
  });
});
