export type { Block, DocumentContent, DocumentPage, ParsedDocument } from './document';
export { DocumentError } from './document-error';
