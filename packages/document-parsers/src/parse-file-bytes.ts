import { type FileFormat, type ParsedDocument } from '@docent/document-model';
import { decodeText } from './blocks/text-decoding';
import { parseDocx } from './formats/docx/docx-parser';
import { parseHtml } from './formats/html/html-parser';
import { parseMarkdown } from './formats/markdown/markdown-parser';
import { parsePdf } from './formats/pdf/pdf-parser';
import { type PdfEngine } from './formats/pdf/pdfjs-api';
import { parsePptx } from './formats/pptx/pptx-parser';
import { parseCsv } from './formats/text/csv-parser';
import { parsePlainText } from './formats/text/plain-text-parser';
import { parseXlsx } from './formats/xlsx/xlsx-parser';
import { ZipArchive } from './zip/zip-archive';
import { type ZipLimits } from './zip/zip-limits';

export interface ParseContext {
  zipLimits: ZipLimits;
  /** Loads pdf.js on first use (an ES module: the worker imports it). */
  loadPdfEngine(): Promise<PdfEngine>;
}

/** Parses a whole file held in memory. Runs inside a parse worker thread. */
export async function parseFileBytes(
  format: FileFormat,
  bytes: Uint8Array,
  context: ParseContext,
): Promise<ParsedDocument> {
  switch (format) {
    case 'pdf':
      return parsePdf(bytes, await context.loadPdfEngine());
    case 'docx':
      return parseDocx(new ZipArchive(bytes, context.zipLimits));
    case 'pptx':
      return parsePptx(new ZipArchive(bytes, context.zipLimits));
    case 'xlsx':
      return parseXlsx(new ZipArchive(bytes, context.zipLimits));
    case 'html':
      return parseHtml(bytes);
    case 'markdown':
      return parseMarkdown(decodeText(bytes));
    case 'text':
      return parsePlainText(decodeText(bytes));
    case 'csv':
      return parseCsv(decodeText(bytes));
    case 'tsv':
      return parseCsv(decodeText(bytes), '\t');
  }
}
