/**
 * What a request is about, which decides what its failure means. A request about the source
 * (its credentials, the selection, the listing) that fails stops the ingestion: without it
 * nothing can be listed. A request about one document (its content, export, blocks,
 * attachment) that fails, after retries, is that document's failure: the others go on.
 */
export type RequestSubject =
  | { kind: 'source' }
  | {
      kind: 'document';
      /** The id the document is listed under (`DocumentRef.sourceId`). */
      sourceId: string;
      /** Its name, for messages. */
      title?: string;
    };

export const ABOUT_SOURCE: RequestSubject = { kind: 'source' };

export function aboutDocument(sourceId: string, title?: string): RequestSubject {
  return { kind: 'document', sourceId, ...(title === undefined ? {} : { title }) };
}

/** How messages name a document: `"Budget.pdf"`, else `document 1a2b`. */
export function documentLabel(subject: Extract<RequestSubject, { kind: 'document' }>): string {
  return subject.title === undefined || subject.title === ''
    ? `document ${subject.sourceId}`
    : `"${subject.title}"`;
}
