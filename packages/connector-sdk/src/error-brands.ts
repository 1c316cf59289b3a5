import { DocumentError, UnsupportedDocumentError } from '@docent/document-model';
import { SourceError } from './errors';
import { HttpNetworkError, UrlNotAllowedError } from './http/errors';
import { DocumentRequestError } from './source-api/document-request-error';

/*
 * Which SDK error a thrown value is, by the `name` each SDK error class sets as well as by
 * `instanceof`. A connector package that bundles its own copy of the SDK throws instances of
 * that copy's classes, which `instanceof` against the service's copy does not recognise; the
 * name and the fields the service reads are the same in every copy.
 */

function named(error: unknown, ...names: string[]): error is Error {
  return error instanceof Error && names.includes(error.name);
}

function hasCode(error: Error): boolean {
  return typeof (error as { code?: unknown }).code === 'string';
}

export function isSourceError(error: unknown): error is SourceError {
  return error instanceof SourceError || (named(error, 'SourceError') && hasCode(error));
}

export function isDocumentRequestError(error: unknown): error is DocumentRequestError {
  return (
    error instanceof DocumentRequestError ||
    (named(error, 'DocumentRequestError') && hasCode(error))
  );
}

/** A document's own problem: `DocumentError` and the SDK's subclasses of it. */
export function isDocumentError(error: unknown): error is DocumentError {
  return (
    error instanceof DocumentError ||
    named(error, 'DocumentError', 'UnsupportedDocumentError', 'DocumentRequestError')
  );
}

export function isUnsupportedDocumentError(error: unknown): error is UnsupportedDocumentError {
  return error instanceof UnsupportedDocumentError || named(error, 'UnsupportedDocumentError');
}

export function isHttpNetworkError(error: unknown): error is HttpNetworkError {
  return error instanceof HttpNetworkError || named(error, 'HttpNetworkError');
}

export function isUrlNotAllowedError(error: unknown): error is UrlNotAllowedError {
  return error instanceof UrlNotAllowedError || named(error, 'UrlNotAllowedError');
}
