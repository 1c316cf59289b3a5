import type { DocumentContent } from '@docent/document-model';

/** One document as the source lists it. `version` must change whenever the content changes. */
export interface DocumentRef {
  /** Stable identifier inside the source (page id, file id). */
  sourceId: string;
  /** Source version: Confluence version number, Drive modifiedTime/checksum, Notion last_edited_time. */
  version: string;
  /** Becomes `doc_name` (the service de-duplicates names inside a collection). */
  title: string;
  url?: string;
  updatedAt?: string;
  /** Present when the listing already carried the content, so `fetch` is not needed. */
  content?: DocumentContent;
}
