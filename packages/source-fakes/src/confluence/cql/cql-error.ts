/** The query cannot be parsed or uses something CQL does not allow: the API answers 400. */
export class CqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CqlError';
  }
}
