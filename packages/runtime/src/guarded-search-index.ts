import type { DependencyMonitor } from '@docent/dependency-health';
import { DependencyUnavailableError, unavailableDependency } from '@docent/domain-errors';
import {
  SearchIndexUnavailableError,
  type DocumentChunks,
  type IndexedChunk,
  type SearchHit,
  type SearchIndex,
  type SearchQuery,
  type TermDocumentCounts,
} from '@docent/search-index';

/**
 * The search index as the API reads it: while the monitor knows it is down, a read fails at once
 * (503 with Retry-After) instead of waiting for the index to time out again; the monitor probes
 * it every second and lets reads through as soon as it answers. Every failure for
 * unavailability, of reads and writes alike, is noted, so the outage is logged once.
 */
export class GuardedSearchIndex implements SearchIndex {
  constructor(
    private readonly index: SearchIndex,
    private readonly dependencies: DependencyMonitor,
  ) {}

  ensureCollection(collectionId: string, dimensions: number): Promise<void> {
    return this.noted(() => this.index.ensureCollection(collectionId, dimensions));
  }

  replaceDocumentChunks(
    collectionId: string,
    documentId: string,
    chunks: IndexedChunk[],
  ): Promise<void> {
    return this.noted(() => this.index.replaceDocumentChunks(collectionId, documentId, chunks));
  }

  replaceDocumentsChunks(collectionId: string, documents: DocumentChunks[]): Promise<void> {
    return this.noted(() => this.index.replaceDocumentsChunks(collectionId, documents));
  }

  deleteDocument(collectionId: string, documentId: string): Promise<void> {
    return this.noted(() => this.index.deleteDocument(collectionId, documentId));
  }

  deleteCollection(collectionId: string): Promise<void> {
    return this.noted(() => this.index.deleteCollection(collectionId));
  }

  refresh(collectionId: string): Promise<void> {
    return this.noted(() => this.index.refresh(collectionId));
  }

  search(query: SearchQuery): Promise<SearchHit[]> {
    return this.read(() => this.index.search(query));
  }

  getChunks(collectionId: string, documentId: string, ordinals: number[]): Promise<SearchHit[]> {
    return this.read(() => this.index.getChunks(collectionId, documentId, ordinals));
  }

  countChunks(collectionId: string, documentId?: string): Promise<number> {
    return this.read(() => this.index.countChunks(collectionId, documentId));
  }

  termDocumentCounts(collectionId: string, words: string[]): Promise<TermDocumentCounts> {
    return this.read(() => this.index.termDocumentCounts(collectionId, words));
  }

  /** Known down: refused at once, whatever the load. */
  assertUp(): void {
    if (this.dependencies.isDown('index')) {
      throw new DependencyUnavailableError(
        'index',
        'The search index is unavailable; retry later.',
        'not tried: the index is known to be down',
      );
    }
  }

  health(): Promise<void> {
    return this.index.health();
  }

  close(): Promise<void> {
    return this.index.close();
  }

  private read<T>(call: () => Promise<T>): Promise<T> {
    if (this.dependencies.isDown('index')) {
      const seconds = Math.round(this.dependencies.downForMs('index') / 1000);
      return Promise.reject(
        new SearchIndexUnavailableError(
          `not answering for ${seconds} s`,
          'not tried: the index is known to be down',
        ),
      );
    }
    return this.noted(call);
  }

  private async noted<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (unavailableDependency(error) === 'index') {
        this.dependencies.noteFailure('index', (error as SearchIndexUnavailableError).reason);
      }
      throw error;
    }
  }
}
