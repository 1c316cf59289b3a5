import { type BulkOperation, type BulkWriter } from './bulk-writer';
import { type CollectionPlacement } from './collection-placement';
import { DocumentManifests } from './document-manifests';
import { type ChunkSource } from './index-definition';

export interface ChunkWrite {
  /** The chunk's `_id`. */
  id: string;
  document: ChunkSource;
}

/**
 * Replaces and deletes one document's chunks.
 *
 * A replace overwrites the chunks (same chunk id, same `_id`) and then deletes the ones the
 * document no longer has, so a reader sees the old set, a mix, or the new set, never none. The
 * manifest is widened to the new ids before they are written and narrowed only after the stale
 * ones are gone, so it lists every chunk present even after a crash half-way; the next write of
 * the document then deletes what that crash left.
 */
export class DocumentWriter {
  constructor(
    private readonly bulk: BulkWriter,
    private readonly manifests: DocumentManifests,
  ) {}

  async replace(
    placement: CollectionPlacement,
    documentId: string,
    writes: readonly ChunkWrite[],
  ): Promise<void> {
    const previous = await this.manifests.read(placement, documentId);
    const before = new Set(previous ?? []);
    const ids = writes.map((write) => write.id);
    const current = new Set(ids);
    const added = ids.filter((id) => !before.has(id));
    const stale = [...before].filter((id) => !current.has(id));
    if (added.length > 0) await this.manifests.write(placement, documentId, [...before, ...added]);
    await this.bulk.write(placement.target, [
      writes.map((write): BulkOperation => ({ action: 'index', ...write })),
      stale.map((id): BulkOperation => ({ action: 'delete', id })),
    ]);
    if (writes.length === 0) {
      if (previous !== null) await this.manifests.remove(placement, documentId);
    } else if (stale.length > 0) {
      await this.manifests.write(placement, documentId, ids);
    }
  }

  /**
   * Several documents' replaces in three requests instead of three per document, keeping the
   * protocol's order: widened manifests, then every chunk written and every stale one deleted,
   * then narrowed manifests.
   */
  async replaceMany(
    placement: CollectionPlacement,
    documents: ReadonlyArray<{ documentId: string; writes: readonly ChunkWrite[] }>,
  ): Promise<void> {
    const previous = await this.manifests.readMany(
      placement,
      documents.map((d) => d.documentId),
    );
    const widened: BulkOperation[] = [];
    const chunks: BulkOperation[] = [];
    const deletes: BulkOperation[] = [];
    const narrowed: BulkOperation[] = [];
    documents.forEach(({ documentId, writes }, i) => {
      const before = new Set(previous[i] ?? []);
      const ids = writes.map((write) => write.id);
      const current = new Set(ids);
      const added = ids.filter((id) => !before.has(id));
      const stale = [...before].filter((id) => !current.has(id));
      if (added.length > 0) {
        widened.push(
          DocumentManifests.writeOperation(placement, documentId, [...before, ...added]),
        );
      }
      chunks.push(...writes.map((write): BulkOperation => ({ action: 'index', ...write })));
      deletes.push(...stale.map((id): BulkOperation => ({ action: 'delete', id })));
      if (writes.length === 0) {
        if (previous[i] !== null) {
          narrowed.push(DocumentManifests.removeOperation(placement, documentId));
        }
      } else if (stale.length > 0) {
        narrowed.push(DocumentManifests.writeOperation(placement, documentId, ids));
      }
    });
    if (widened.length > 0) await this.bulk.write(placement.target, [widened]);
    await this.bulk.write(placement.target, [chunks, deletes]);
    if (narrowed.length > 0) await this.bulk.write(placement.target, [narrowed]);
  }

  /**
   * Deletes the chunks the manifest names and the manifest, plus `written` (ids its caller wrote
   * itself): a delete that ran between another writer's manifest and its chunks removed the
   * manifest but not the chunks written after it, which only their writer still knows.
   */
  async delete(
    placement: CollectionPlacement,
    documentId: string,
    written: readonly string[] = [],
  ): Promise<void> {
    const named = await this.manifests.read(placement, documentId);
    const chunkIds = [...new Set([...(named ?? []), ...written])];
    if (chunkIds.length > 0) {
      await this.bulk.write(placement.target, [
        chunkIds.map((id): BulkOperation => ({ action: 'delete', id })),
      ]);
    }
    if (named !== null) await this.manifests.remove(placement, documentId);
  }
}
