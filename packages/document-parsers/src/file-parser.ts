import {
  baseMediaType,
  DEFAULT_MAX_FILE_BYTES,
  detectFileFormat,
  UnsupportedDocumentError,
  type DocumentContent,
  type ParsedDocument,
} from '@docent/document-model';
import path from 'node:path';
import { ParseWorkerPool } from './parse-worker-pool';
import { fileTooLarge, readFileBytes } from './read-file-bytes';
import { type ParseTarget } from './worker-protocol';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip/zip-limits';

export type FileContent = Extract<DocumentContent, { kind: 'file' }>;

export interface FileParserOptions {
  /** Largest input accepted, checked against `file.size` and while reading. Default 100 MiB. */
  maxFileBytes?: number;
  /** Bounds for DOCX/PPTX/XLSX containers (see `ZipLimits`). */
  zipLimits?: Partial<ZipLimits>;
  /** Time one file may take in its worker before the worker is stopped. Default 60 s. */
  timeoutMs?: number;
  /** V8 old-generation heap of each worker. Default 512 MB. */
  maxOldGenerationSizeMb?: number;
  /** Parse worker threads (files parsed at the same time). Default 1. */
  threads?: number;
  /** Time a new worker may take to load the parsers. Default 30 s. */
  workerStartupTimeoutMs?: number;
  /**
   * A module loaded in every worker whose `formatHandlers` export (`ExtraFormatHandlers`)
   * parses the listed media types; tests use it to inject a parser that hangs or crashes.
   */
  extraFormats?: { module: string; mediaTypes: string[] };
}

/** A `FileParser` for the ingestion pipeline that owns worker threads: `close()` them. */
export interface DocumentFileParser {
  (file: FileContent): Promise<ParsedDocument>;
  close(): Promise<void>;
}

const DEFAULTS = {
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
  timeoutMs: 60_000,
  maxOldGenerationSizeMb: 512,
  threads: 1,
  workerStartupTimeoutMs: 30_000,
};

/**
 * The worker runs this package's own code: compiled `dist/*.js` in production, the `.ts`
 * sources under jest (which does not transform worker threads), told apart by this file's
 * own extension. The entry script sits outside `src`/`dist`, one level up from both.
 */
function workerFiles(): { entry: string; runtimeModule: string; typescript: boolean } {
  const extension = path.extname(__filename);
  return {
    entry: path.resolve(__dirname, '..', 'worker', 'parse-worker.mjs'),
    runtimeModule: path.join(__dirname, `parse-worker-runtime${extension}`),
    typescript: extension === '.ts',
  };
}

/**
 * Parses files (PDF, DOCX, PPTX, XLSX, HTML, Markdown, text, CSV/TSV) into pages of blocks,
 * each in a worker thread with memory and time limits. Every problem with one file is a
 * `DocumentError` for that file only.
 */
export function createFileParser(options: FileParserOptions = {}): DocumentFileParser {
  const settings = { ...DEFAULTS, ...options };
  const zipLimits: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
  const extraMediaTypes = new Set(options.extraFormats?.mediaTypes.map(baseMediaType));
  const { entry, runtimeModule, typescript } = workerFiles();
  const pool = new ParseWorkerPool({
    entry,
    setup: { runtimeModule, typescript, extraFormatsModule: options.extraFormats?.module },
    threads: Math.max(1, Math.floor(settings.threads)),
    timeoutMs: settings.timeoutMs,
    startupTimeoutMs: settings.workerStartupTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: settings.maxOldGenerationSizeMb },
  });

  const targetOf = (file: FileContent): ParseTarget => {
    const mediaType = baseMediaType(file.mediaType);
    if (extraMediaTypes.has(mediaType)) return { kind: 'extra', mediaType };
    const format = detectFileFormat(file.mediaType, file.fileName);
    if (format) return { kind: 'format', format };
    const named = file.fileName ? ` (${file.fileName})` : '';
    throw new UnsupportedDocumentError(
      `unsupported file type ${file.mediaType || 'unknown'}${named}`,
    );
  };

  const parse = async (file: FileContent): Promise<ParsedDocument> => {
    const target = targetOf(file);
    if (file.size !== undefined && file.size > settings.maxFileBytes) {
      throw fileTooLarge(settings.maxFileBytes);
    }
    const bytes = await readFileBytes(await file.open(), settings.maxFileBytes);
    return pool.run(target, bytes, zipLimits);
  };
  return Object.assign(parse, { close: () => pool.close() });
}
