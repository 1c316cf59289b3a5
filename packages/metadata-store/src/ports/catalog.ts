/** Catalog roles: namespaces, collections and documents (`@docent/catalog`, `@docent/retrieval`). */

export interface NamespaceRecord {
  id: string;
  accountId: string;
  name: string;
  createdAt: Date;
}

export interface CollectionRecord {
  id: string;
  namespaceId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionSummary extends CollectionRecord {
  documentCount: number;
  chunkCount: number;
}

export interface DocumentRecord {
  id: string;
  collectionId: string;
  name: string;
  sourceType: string;
  /** Which source (site + selection) the document came from; deletions are per source key. */
  sourceKey: string;
  sourceId: string;
  /** Where a user opens the document in its source (http or https), if the source says. */
  sourceUrl: string | null;
  /** A link to one page of the document: `{page}` stands for the 1-based page number. */
  pageUrlTemplate: string | null;
  version: string;
  pageCount: number;
  chunkCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Where a page link template puts the page number. */
export const PAGE_NUMBER_PLACEHOLDER = '{page}';

/** The link that opens one page of a document: its page link, else its own link, else null. */
export function documentPageUrl(
  document: Pick<DocumentRecord, 'sourceUrl' | 'pageUrlTemplate'>,
  pageNum: number,
): string | null {
  if (document.pageUrlTemplate !== null) {
    return document.pageUrlTemplate.split(PAGE_NUMBER_PLACEHOLDER).join(String(pageNum));
  }
  return document.sourceUrl;
}

export interface Page<T> {
  items: T[];
  /** Sort key of the last item when more may follow, else null. */
  nextAfter: string | null;
}

/** Finds and creates an account's namespaces and collections by name (CollectionResolver). */
export interface CollectionDirectory {
  findNamespace(accountId: string, name: string): Promise<NamespaceRecord | null>;
  ensureNamespace(accountId: string, name: string, at: Date): Promise<NamespaceRecord>;
  findCollection(namespaceId: string, name: string): Promise<CollectionRecord | null>;
  ensureCollection(namespaceId: string, name: string, at: Date): Promise<CollectionRecord>;
}

/** Lists and deletes collections and documents (CatalogService). */
export interface CatalogStore {
  /**
   * By name. Leaves out a collection that holds no document and whose every ingestion failed
   * or was canceled: a first ingestion that went wrong leaves nothing to list or ask.
   */
  listCollections(
    namespaceId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<CollectionSummary>>;
  /** Removes the collection's rows (documents, ingestions and their records, its lock). */
  deleteCollection(collectionId: string): Promise<void>;
  listDocuments(
    collectionId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<DocumentRecord>>;
  findDocumentByName(collectionId: string, name: string): Promise<DocumentRecord | null>;
  deleteDocument(documentId: string): Promise<void>;
}

/** Names the documents search hits point at (AskService). */
export interface DocumentLookup {
  findDocumentByName(collectionId: string, name: string): Promise<DocumentRecord | null>;
  getDocumentsByIds(ids: string[]): Promise<DocumentRecord[]>;
}
