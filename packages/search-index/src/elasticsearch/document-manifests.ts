import { type Client } from '@elastic/elasticsearch';
import { causeDetails, ElasticsearchIndexError, errorDetails } from './elasticsearch-errors';
import { type ManifestSource } from './index-definition';
import { manifestDocumentId } from './index-layout';

/**
 * Reads and writes the manifest of each document: the `_id`s of its chunks.
 *
 * A search (and so a delete-by-query) sees only what the last refresh published, so a document
 * re-indexed twice within a refresh interval would keep chunks the second write could not see.
 * A GET is realtime: the manifest always shows the previous write's chunks. The replace protocol
 * keeps it a superset of the chunks present: new ids are added before their chunks are written,
 * stale ids are removed only after their chunks were deleted.
 */
export class DocumentManifests {
  constructor(private readonly client: Client) {}

  /** The chunk `_id`s last recorded for the document, or null when it has no manifest. */
  async read(alias: string, documentId: string): Promise<string[] | null> {
    try {
      const response = await this.client.get<ManifestSource>({
        index: alias,
        id: manifestDocumentId(documentId),
        realtime: true,
      });
      return response._source?.manifest.chunk_ids ?? [];
    } catch (error) {
      // A missing manifest is a 404 without an error type; a missing index is not that.
      const details = errorDetails(error);
      if (details?.status === 404 && details.type === undefined) return null;
      throw error;
    }
  }

  /** The manifests of several documents in one realtime multi-get, null where there is none. */
  async readMany(alias: string, documentIds: readonly string[]): Promise<Array<string[] | null>> {
    if (documentIds.length === 0) return [];
    const response = await this.client.mget<ManifestSource>({
      index: alias,
      ids: documentIds.map(manifestDocumentId),
      realtime: true,
    });
    return response.docs.map((doc) => {
      if ('error' in doc && doc.error) {
        const details = causeDetails(doc.error);
        const status = details.type === 'index_not_found_exception' ? 404 : undefined;
        throw new ElasticsearchIndexError('manifest read', { status, ...details });
      }
      return 'found' in doc && doc.found ? (doc._source?.manifest.chunk_ids ?? []) : null;
    });
  }

  /** The bulk operation that writes a manifest (for batched writes). */
  static writeOperation(documentId: string, chunkIds: readonly string[]) {
    const document: ManifestSource = {
      kind: 'manifest',
      manifest: { document_id: documentId, chunk_ids: [...chunkIds] },
    };
    return { action: 'index' as const, id: manifestDocumentId(documentId), document };
  }

  static removeOperation(documentId: string) {
    return { action: 'delete' as const, id: manifestDocumentId(documentId) };
  }

  async write(alias: string, documentId: string, chunkIds: readonly string[]): Promise<void> {
    const document: ManifestSource = {
      kind: 'manifest',
      manifest: { document_id: documentId, chunk_ids: [...chunkIds] },
    };
    await this.client.index({
      index: alias,
      id: manifestDocumentId(documentId),
      require_alias: true,
      document,
    });
  }

  async remove(alias: string, documentId: string): Promise<void> {
    await this.client.delete(
      { index: alias, id: manifestDocumentId(documentId) },
      { ignore: [404] },
    );
  }
}
