/** A problem with one document only (unparseable, too large, unsupported type...). */
export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}

/**
 * A document Docent does not ingest by rule — a type its parsers do not read, a file over the
 * size limit — rather than one that failed: it is skipped and counted as unsupported.
 */
export class UnsupportedDocumentError extends DocumentError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedDocumentError';
  }
}
