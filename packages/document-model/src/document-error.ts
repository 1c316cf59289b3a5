/** A problem with one document only (unparseable, too large, unsupported type...). */
export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}
