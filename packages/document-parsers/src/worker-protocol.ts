import { type FileFormat, type ParsedDocument } from '@docent/document-model';
import { type ZipLimits } from './zip/zip-limits';

/** A built-in format, or a media type served by the `extraFormats` module. */
export type ParseTarget =
  { kind: 'format'; format: FileFormat } | { kind: 'extra'; mediaType: string };

export interface ParseRequest {
  id: number;
  target: ParseTarget;
  bytes: Uint8Array;
  zipLimits: ZipLimits;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'parsed'; id: number; document: ParsedDocument }
  /** `documentError`: the message is meant for users (a `DocumentError` in the worker). */
  | { type: 'failed'; id: number; message: string; documentError: boolean };

/** `workerData` of a parse worker. */
export interface WorkerSetup {
  /** Module exporting `serveParseRequests` (compiled `.js`, or `.ts` sources under test). */
  runtimeModule: string;
  /** Register a TypeScript loader before requiring `runtimeModule`. */
  typescript: boolean;
  extraFormatsModule?: string;
}

/**
 * What an extra formats module exports as `formatHandlers`: parse functions by media type.
 * Meant for tests (e.g. a parser that hangs or exhausts memory) and for trying out formats.
 */
export type ExtraFormatHandlers = Record<
  string,
  (bytes: Uint8Array) => ParsedDocument | Promise<ParsedDocument>
>;
