import { HttpNetworkError, SourceError, thrownToSourceError, UrlNotAllowedError } from '../src';

const called = { source: 'Confluence', host: 'acme.atlassian.net' };

describe('thrownToSourceError', () => {
  it('passes a SourceError through untouched', () => {
    const error = new SourceError('source_not_found', 'space ENG not found');
    expect(thrownToSourceError(error, called)).toBe(error);
  });

  it('passes an AbortError through untouched, whatever its class', () => {
    const abort = new Error('The operation was aborted');
    abort.name = 'AbortError';
    expect(thrownToSourceError(abort, called)).toBe(abort);
  });

  it('maps an SSRF refusal to source_unreachable with the reason, not the URL', () => {
    const refusal = new UrlNotAllowedError('https://10.0.0.5/x?token=s3cret', 'private address');
    const error = thrownToSourceError(refusal, called) as SourceError;
    expect(error).toBeInstanceOf(SourceError);
    expect(error.code).toBe('source_unreachable');
    expect(error.message).toBe(
      'Confluence at acme.atlassian.net may not be called: private address',
    );
    expect(error.details.cause).toBe(refusal);
  });

  it('maps a network failure to source_unreachable with its code and attempts only', () => {
    const failure = new HttpNetworkError(
      'connect ECONNREFUSED Authorization: Bearer s3cret',
      8,
      'ECONNREFUSED',
    );
    const error = thrownToSourceError(failure, {
      source: 'Notion',
      host: 'api.notion.com',
    }) as SourceError;
    expect(error.code).toBe('source_unreachable');
    expect(error.message).toBe(
      'Notion at api.notion.com could not be reached (ECONNREFUSED) after 8 attempt(s)',
    );
    expect(error.message).not.toContain('s3cret');
    expect(error.details.cause).toBe(failure);
  });

  it('leaves the code out when the network failure has none', () => {
    const error = thrownToSourceError(new HttpNetworkError('socket hang up', 1), called);
    expect(error.message).toBe(
      'Confluence at acme.atlassian.net could not be reached after 1 attempt(s)',
    );
  });

  it.each([
    ['an unexpected Error', new TypeError('body used already')],
    ['a thrown non-Error', 'boom'],
  ])('maps %s to internal without quoting it', (_label, thrown) => {
    const error = thrownToSourceError(thrown, {
      source: 'Google Drive',
      host: 'www.googleapis.com',
    }) as SourceError;
    expect(error).toBeInstanceOf(SourceError);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Calling Google Drive at www.googleapis.com failed unexpectedly');
    expect(error.details.cause).toBe(thrown);
  });

  it('passes a timer’s AbortError through, whichever realm made it', async () => {
    const { setTimeout: sleep } = await import('node:timers/promises');
    const controller = new AbortController();
    const pending = sleep(60_000, undefined, { signal: controller.signal });
    controller.abort();
    const aborted = await pending.catch((error: unknown) => error);
    expect(thrownToSourceError(aborted, called)).toBe(aborted);
    const foreign = { name: 'AbortError', message: 'The operation was aborted' };
    expect(thrownToSourceError(foreign, called)).toBe(foreign);
  });
});
