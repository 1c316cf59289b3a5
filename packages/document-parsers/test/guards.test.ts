import {
  DocumentError,
  UnsupportedDocumentError,
  type ParsedDocument,
} from '@docent/document-model';
import { withDeclaredSize, zipOf } from '@docent/test-support';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFileParser, type DocumentFileParser, type FileContent } from '../src';
import { CORPUS_DIR, corpusFile, fileOf, textFile } from './support/corpus';
import { docxOf, paragraph, run } from './support/office-files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MISBEHAVING = path.join(__dirname, 'support', 'misbehaving-formats.ts');
const MIB = 1024 * 1024;

const docxFile = (bytes: Uint8Array, name = 'file.docx'): FileContent =>
  fileOf(bytes, name, { mediaType: DOCX });

function expectDocumentError(promise: Promise<unknown>, message: RegExp): Promise<void> {
  return expect(promise).rejects.toThrow(
    expect.objectContaining({ name: 'DocumentError', message: expect.stringMatching(message) }),
  );
}

/** A file Docent does not ingest by rule (type, size): skipped, not failed. */
async function expectUnsupported(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnsupportedDocumentError);
  expect(error).toBeInstanceOf(DocumentError);
  expect((error as Error).message).toMatch(message);
}

/** Still parses a real file after the failure, with the same parser. */
async function stillParses(parse: DocumentFileParser): Promise<void> {
  const document = await parse(corpusFile('nist-sp-800-145-definition-of-cloud-computing.pdf'));
  expect(document.pages).toHaveLength(7);
}

describe('input guards', () => {
  let parse: DocumentFileParser;

  beforeAll(() => {
    parse = createFileParser({ maxFileBytes: 4 * MIB });
  });

  afterAll(() => parse.close());

  it('rejects a file whose declared size is over the limit without opening it', async () => {
    const file = { ...textFile('small', 'big.txt'), size: 5 * MIB };
    const open = jest.spyOn(file, 'open');
    await expectUnsupported(parse(file), /^file is larger than the 4 MiB limit$/);
    expect(open).not.toHaveBeenCalled();
  });

  it('stops reading and closes a stream that grows past the limit', async () => {
    let closed = false;
    let served = 0;
    const file: FileContent = {
      kind: 'file',
      mediaType: 'text/plain',
      fileName: 'endless.txt',
      async open() {
        return (async function* () {
          try {
            for (;;) {
              served += 1;
              yield new Uint8Array(MIB);
            }
          } finally {
            closed = true;
          }
        })();
      },
    };
    await expectUnsupported(parse(file), /larger than the 4 MiB limit/);
    expect(closed).toBe(true);
    expect(served).toBe(5);
  });

  it('names unsupported types', async () => {
    const file = fileOf(new Uint8Array([1, 2, 3]), 'scan.png', { mediaType: 'image/png' });
    await expectUnsupported(parse(file), /^unsupported file type image\/png \(scan\.png\)$/);
  });

  it('fails a truncated PDF and random bytes posing as PDF or DOCX', async () => {
    const full = readFileSync(path.join(CORPUS_DIR, 'rfc8446-tls-1.3.pdf'));
    const truncated = new Uint8Array(full.subarray(0, Math.floor(full.length / 2)));
    await expectDocumentError(parse(fileOf(truncated, 'rfc8446.pdf')), /^not a valid PDF/);
    const noise = new Uint8Array(randomBytes(64 * 1024));
    await expectDocumentError(parse(fileOf(noise, 'noise.pdf')), /^not a valid PDF/);
    await expectDocumentError(parse(docxFile(noise)), /^not a zip archive/);
    await stillParses(parse);
  });

  it('refuses a zip bomb from its declared sizes, before inflating anything', async () => {
    const body = paragraph(run('tiny'));
    const declaredHuge = withDeclaredSize(docxOf(body), 'word/document.xml', 0xfffffff0);
    await expectDocumentError(
      parse(docxFile(declaredHuge)),
      /declares more uncompressed data than allowed/,
    );

    // Honest sizes, but 4 MiB squeezed into ~4 KiB: the ratio gives it away.
    const squeezed = zipOf({ 'word/document.xml': new Uint8Array(4 * MIB).fill(0x61) });
    await expectDocumentError(parse(docxFile(squeezed)), /compressed suspiciously well/);
    await stillParses(parse);
  });

  it('stops inflating an entry that grows past the size it declared', async () => {
    const lying = withDeclaredSize(
      zipOf({ 'word/document.xml': new Uint8Array(2 * MIB).fill(0x20) }),
      'word/document.xml',
      1000,
    );
    await expectDocumentError(parse(docxFile(lying)), /inflates beyond its declared size/);
    await stillParses(parse);
  });

  it('caps entries and total uncompressed bytes', async () => {
    const strict = createFileParser({
      zipLimits: { maxEntries: 10, maxTotalUncompressedBytes: 64 * 1024 },
    });
    try {
      const parts = Object.fromEntries(
        Array.from({ length: 11 }, (_, i) => [`part${i}.xml`, '<x/>']),
      );
      await expectDocumentError(
        strict(docxFile(zipOf(parts))),
        /has 11 entries, more than the 10 allowed/,
      );
      const big = docxOf(paragraph(run('x'.repeat(70 * 1024))));
      await expectDocumentError(
        strict(docxFile(big)),
        /declares more uncompressed data than allowed/,
      );
      const fits = await strict(docxFile(docxOf(paragraph(run('fits')))));
      expect(fits.pages[0]?.blocks).toEqual([{ kind: 'paragraph', text: 'fits' }]);
    } finally {
      await strict.close();
    }
  });

  it('refuses XML with a DTD (billion laughs) in a DOCX', async () => {
    const entities = [
      '<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
    ].join('');
    const laughs = zipOf({
      'word/document.xml':
        `<?xml version="1.0"?><!DOCTYPE w:document [${entities}]>` +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>',
    });
    await expectDocumentError(parse(docxFile(laughs)), /word\/document\.xml declares a DTD/);
    await stillParses(parse);
  });
});

describe('worker isolation', () => {
  const extraFormats = {
    module: MISBEHAVING,
    mediaTypes: [
      'application/x-test-hang',
      'application/x-test-oom',
      'application/x-test-crash',
      'application/x-test-throw',
      'application/x-test-echo',
    ],
  };
  const misbehaving = (mediaType: string): FileContent =>
    fileOf(new TextEncoder().encode('payload'), 'bad.pdf', { mediaType });

  let parse: DocumentFileParser;

  beforeAll(() => {
    parse = createFileParser({ maxOldGenerationSizeMb: 128, extraFormats });
  });

  afterAll(() => parse.close());

  it('turns a worker that runs out of memory into a DocumentError', async () => {
    await expectDocumentError(
      parse(misbehaving('application/x-test-oom')),
      /^parsing the application\/x-test-oom file ran out of memory \(limit 128 MB\)$/,
    );
    await stillParses(parse);
  });

  it('turns a crashed worker into a DocumentError', async () => {
    await expectDocumentError(
      parse(misbehaving('application/x-test-crash')),
      /parser crashed \(exit code 3\)/,
    );
    await stillParses(parse);
  });

  it('turns a parser bug into a DocumentError without losing the worker', async () => {
    await expectDocumentError(
      parse(misbehaving('application/x-test-throw')),
      /^could not parse the application\/x-test-throw file: parser bug$/,
    );
    await stillParses(parse);
  });

  it('stops a parse that hangs after the timeout, and the next file still parses', async () => {
    const impatient = createFileParser({ timeoutMs: 500, extraFormats });
    try {
      await expectDocumentError(
        impatient(misbehaving('application/x-test-hang')),
        /^parsing the application\/x-test-hang file took longer than 0\.5 s and was stopped$/,
      );
      const echoed: ParsedDocument = await impatient(misbehaving('application/x-test-echo'));
      expect(echoed.pages[0]?.blocks).toEqual([{ kind: 'paragraph', text: 'payload' }]);
    } finally {
      await impatient.close();
    }
  });

  it('fails with a plain Error, not a DocumentError, when no worker can start', async () => {
    const broken = createFileParser({
      extraFormats: {
        module: path.join(__dirname, 'support', 'no-such-module.ts'),
        mediaTypes: [],
      },
    });
    try {
      const failure = broken(textFile('text', 'a.txt'));
      await expect(failure).rejects.toThrow(/^a document parser worker failed to start: /);
      await expect(failure).rejects.not.toBeInstanceOf(DocumentError);
    } finally {
      await broken.close();
    }
  });

  it('parses files one after another and in parallel with several threads', async () => {
    const pool = createFileParser({ threads: 2, extraFormats });
    try {
      const results = await Promise.allSettled([
        pool(misbehaving('application/x-test-crash')),
        pool(corpusFile('fedramp-oscal-ssp-guide-overview.docx')),
        pool(textFile('plain words', 'a.txt')),
        pool(misbehaving('application/x-test-echo')),
      ]);
      expect(results.map((result) => result.status)).toEqual([
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(DocumentError);
    } finally {
      await pool.close();
    }
    await expect(pool(textFile('late', 'late.txt'))).rejects.toThrow('the file parser is closed');
  });
});
