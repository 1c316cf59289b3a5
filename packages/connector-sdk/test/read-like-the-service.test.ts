import type { SourceSession } from '../src';
import { SourceError } from '../src';
import { readLikeTheService } from '../src/testing/read-like-the-service';

// What a connector bundling its own copy of the SDK throws: the same name and fields, another class.
class CopiedSourceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

function sessionFetchingWith(thrown: Error): SourceSession {
  return {
    check: () => Promise.resolve(),
    async *discover() {
      yield { type: 'document', ref: { sourceId: 'p1', version: '1', title: 'Page one' } };
    },
    fetch: () => Promise.reject(thrown),
  };
}

describe('readLikeTheService', () => {
  it.each([
    ['the SDK', new SourceError('source_auth_failed', 'token revoked')],
    ['a copy of the SDK', new CopiedSourceError('source_auth_failed', 'token revoked')],
  ])('fails the read on a source error from %s, as the ingestion fails', async (_, thrown) => {
    await expect(readLikeTheService(sessionFetchingWith(thrown))).rejects.toBe(thrown);
  });

  it.each([
    ['a document gone since it was listed', new CopiedSourceError('source_not_found', 'gone')],
    ['any other error of one document', new Error('body could not be parsed')],
  ])('counts %s as that document’s failure', async (_, thrown) => {
    const read = await readLikeTheService(sessionFetchingWith(thrown));
    expect(read.failures).toEqual([{ sourceId: 'p1', title: 'Page one', message: thrown.message }]);
    expect(read.contents.size).toBe(0);
  });
});
