/** A `q` Drive refuses: it answers 400 `invalid` on the `q` parameter. */
export class DriveQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriveQueryError';
  }
}
