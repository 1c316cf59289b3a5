import {
  DocumentRequestError,
  HttpNetworkError,
  isDocumentError,
  isDocumentRequestError,
  isHttpNetworkError,
  isSourceError,
  isUnsupportedDocumentError,
  isUrlNotAllowedError,
  SourceError,
  sourceAnsweredDocument,
  sourceFailedDocument,
  UnsupportedDocumentError,
  UrlNotAllowedError,
} from '../src';

// Structurally the SDK's classes, declared here: what a connector bundling its own SDK throws.
class OtherSourceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
class OtherDocumentRequestError extends Error {
  readonly details = {};
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentRequestError';
  }
  get sourceFault(): boolean {
    return this.code === 'source_unreachable';
  }
}
class OtherUnsupportedDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedDocumentError';
  }
}
function named(name: string): Error {
  const error = new Error('x');
  error.name = name;
  return error;
}

describe('error brands', () => {
  it("recognise the SDK's own errors", () => {
    expect(isSourceError(new SourceError('source_auth_failed', 'x'))).toBe(true);
    expect(isDocumentRequestError(new DocumentRequestError('source_unreachable', 'x'))).toBe(true);
    expect(isDocumentError(new DocumentRequestError('source_not_found', 'x'))).toBe(true);
    expect(isUnsupportedDocumentError(new UnsupportedDocumentError('x'))).toBe(true);
    expect(isHttpNetworkError(new HttpNetworkError('x', 3))).toBe(true);
    expect(isUrlNotAllowedError(new UrlNotAllowedError('http://10.0.0.1', 'private'))).toBe(true);
  });

  it("recognise a second copy's errors by name and shape", () => {
    const source = new OtherSourceError('source_rate_limited', 'slow down');
    expect(source).not.toBeInstanceOf(SourceError);
    expect(isSourceError(source)).toBe(true);
    const failed = new OtherDocumentRequestError('source_unreachable', 'HTTP 503');
    expect(isDocumentRequestError(failed)).toBe(true);
    expect(isDocumentError(failed)).toBe(true);
    expect(sourceFailedDocument(failed)).toBe(true);
    expect(sourceAnsweredDocument(failed)).toBe(false);
    const gone = new OtherDocumentRequestError('source_not_found', 'HTTP 404');
    expect(sourceFailedDocument(gone)).toBe(false);
    expect(sourceAnsweredDocument(gone)).toBe(true);
    expect(isUnsupportedDocumentError(new OtherUnsupportedDocumentError('too large'))).toBe(true);
    expect(isHttpNetworkError(named('HttpNetworkError'))).toBe(true);
    expect(isUrlNotAllowedError(named('UrlNotAllowedError'))).toBe(true);
  });

  it('refuse other errors, and a name without the fields the service reads', () => {
    expect(isSourceError(named('SourceError'))).toBe(false);
    expect(isDocumentRequestError(named('DocumentRequestError'))).toBe(false);
    expect(isSourceError(new TypeError('x'))).toBe(false);
    expect(isDocumentError(new Error('x'))).toBe(false);
    expect(isUnsupportedDocumentError({ name: 'UnsupportedDocumentError' })).toBe(false);
    expect(isSourceError(undefined)).toBe(false);
  });
});
