import type { DocumentContent } from '@docent/document-model';

/** One document as the source lists it. `version` must change whenever the content changes. */
export interface DocumentRef {
  /** Stable identifier inside the source (page id, file id). */
  sourceId: string;
  /** Source version: Confluence version number, Drive modifiedTime/checksum, Notion last_edited_time. */
  version: string;
  /** Becomes `doc_name` (the service de-duplicates names inside a collection). */
  title: string;
  /**
   * Where a user opens the document in its source: a web page (Confluence page, Drive
   * `webViewLink`, Notion page URL), never an API URL. Only http(s) links are kept.
   */
  url?: string;
  /**
   * A link that opens one page of the document, with `{page}` where the 1-based page number
   * goes (a PDF the browser displays: `https://…/guide.pdf#page={page}`). Omit it when the
   * source cannot link to a page; references then link to `url`.
   */
  pageUrlTemplate?: string;
  updatedAt?: string;
  /** Present when the listing already carried the content, so `fetch` is not needed. */
  content?: DocumentContent;
}
