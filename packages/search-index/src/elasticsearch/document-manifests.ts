import { type Client } from '@elastic/elasticsearch';
import { type CollectionPlacement } from './collection-placement';
import { causeDetails, ElasticsearchIndexError, errorDetails } from './elasticsearch-errors';
import { type ManifestSource } from './index-definition';

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
  async read(placement: CollectionPlacement, documentId: string): Promise<string[] | null> {
    try {
      const response = await this.client.get<ManifestSource>({
        index: placement.index,
        id: placement.manifestId(documentId),
        ...routed(placement),
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
  async readMany(
    placement: CollectionPlacement,
    documentIds: readonly string[],
  ): Promise<Array<string[] | null>> {
    if (documentIds.length === 0) return [];
    const response = await this.client.mget<ManifestSource>({
      index: placement.index,
      ids: documentIds.map((documentId) => placement.manifestId(documentId)),
      ...routed(placement),
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
  static writeOperation(
    placement: CollectionPlacement,
    documentId: string,
    chunkIds: readonly string[],
  ) {
    return {
      action: 'index' as const,
      id: placement.manifestId(documentId),
      document: manifestSource(placement, documentId, chunkIds),
    };
  }

  static removeOperation(placement: CollectionPlacement, documentId: string) {
    return { action: 'delete' as const, id: placement.manifestId(documentId) };
  }

  async write(
    placement: CollectionPlacement,
    documentId: string,
    chunkIds: readonly string[],
  ): Promise<void> {
    await this.client.index({
      index: placement.index,
      id: placement.manifestId(documentId),
      ...routed(placement),
      require_alias: true,
      document: manifestSource(placement, documentId, chunkIds),
    });
  }

  async remove(placement: CollectionPlacement, documentId: string): Promise<void> {
    await this.client.delete(
      { index: placement.index, id: placement.manifestId(documentId), ...routed(placement) },
      { ignore: [404] },
    );
  }
}

export function manifestSource(
  placement: CollectionPlacement,
  documentId: string,
  chunkIds: readonly string[],
): ManifestSource {
  return {
    kind: 'manifest',
    ...placement.keyField,
    manifest: { document_id: documentId, chunk_ids: [...chunkIds] },
  };
}

/** `{ routing }` in a shared index, nothing in a dedicated one. */
export function routed(placement: CollectionPlacement): { routing?: string } {
  return placement.routing === undefined ? {} : { routing: placement.routing };
}
