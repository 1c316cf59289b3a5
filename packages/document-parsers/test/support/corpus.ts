import { type Block, type DocumentPage, type ParsedDocument } from '@docent/document-model';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FileContent } from '../../src';

export const CORPUS_DIR = path.resolve(__dirname, '../../../../../shared/corpus');

export const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  md: 'text/markdown',
  html: 'text/html',
  txt: 'text/plain',
  csv: 'text/csv',
};

export function mediaTypeOf(fileName: string): string {
  return MEDIA_TYPES[path.extname(fileName).slice(1)] ?? 'application/octet-stream';
}

/** A file as a source hands it over: streamed in chunks, opened at most once. */
export function fileOf(
  bytes: Uint8Array,
  fileName: string,
  overrides: Partial<Omit<FileContent, 'kind' | 'open'>> = {},
): FileContent {
  let opened = false;
  return {
    kind: 'file',
    mediaType: mediaTypeOf(fileName),
    fileName,
    size: bytes.byteLength,
    ...overrides,
    async open() {
      if (opened) throw new Error('opened twice');
      opened = true;
      return (async function* () {
        for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) {
          yield bytes.subarray(offset, offset + 64 * 1024);
        }
      })();
    },
  };
}

export function corpusFile(fileName: string): FileContent {
  return fileOf(new Uint8Array(readFileSync(path.join(CORPUS_DIR, fileName))), fileName);
}

export function textFile(text: string, fileName: string, mediaType?: string): FileContent {
  const bytes = new TextEncoder().encode(text);
  return fileOf(bytes, fileName, mediaType ? { mediaType } : {});
}

/** Whitespace-normalised, case-insensitive form used to compare extracted text. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Text of one block: a row's cells joined by spaces, every other kind's own text. */
export function blockText(block: Block): string {
  return block.kind === 'table_row' ? block.cells.join(' ') : block.text;
}

/** All text of a page: headings, paragraphs, list items, cells, code, quotes and callouts. */
export function pageText(page: DocumentPage): string {
  return page.blocks.map(blockText).join('\n');
}

export function pageOf(document: ParsedDocument, pageNum: number): DocumentPage {
  const page = document.pages.find((p) => p.pageNum === pageNum);
  if (!page) throw new Error(`no page ${pageNum}`);
  return page;
}

/** Page numbers whose text contains `needle` (normalised). */
export function pagesContaining(document: ParsedDocument, needle: string): number[] {
  const wanted = normalise(needle);
  return document.pages
    .filter((p) => normalise(pageText(p)).includes(wanted))
    .map((p) => p.pageNum);
}
