import type * as Sdk from '../src';
import type { SourceSession } from '../src';
import { SourceError } from '../src';
import { readLikeTheService } from '../src/testing/read-like-the-service';

// What a connector bundling its own copy of the SDK throws: the SDK's class, loaded apart.
function secondCopy(): typeof Sdk {
  let copy: typeof Sdk | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    copy = require('../src') as typeof Sdk;
  });
  return copy!;
}
const CopiedSourceError = secondCopy().SourceError;

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
  it("is given a second copy's error that the service's instanceof does not know", () => {
    expect(new CopiedSourceError('internal', 'x')).not.toBeInstanceOf(SourceError);
  });

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
