import { type estypes } from '@elastic/elasticsearch';
import { type RegistrySource } from './index-definition';
import { chunkDocumentId, manifestDocumentId } from './index-layout';

type Query = estypes.QueryDslQueryContainer;

export type CollectionLayout = 'shared' | 'dedicated';

/**
 * Where one collection's documents live, and how every request reaches them: the alias to name,
 * and, in a shared index, the routing, the filter and the `_id` prefix that keep it apart from
 * the other collections there.
 */
export class CollectionPlacement {
  constructor(
    readonly collectionId: string,
    readonly dimensions: number,
    readonly layout: CollectionLayout,
    /** The alias every request names. */
    readonly index: string,
    /** Shared indices: the collection key; null in a dedicated index. */
    readonly key: string | null,
    readonly state: 'ready' | 'moving' = 'ready',
  ) {}

  static fromRegistry(source: RegistrySource): CollectionPlacement {
    return new CollectionPlacement(
      source.collection_id,
      source.dimensions,
      source.layout,
      source.index,
      source.layout === 'shared' ? source.key : null,
      source.state,
    );
  }

  toRegistry(now: Date): RegistrySource {
    return {
      collection_id: this.collectionId,
      dimensions: this.dimensions,
      layout: this.layout,
      index: this.index,
      key: this.key,
      state: this.state,
      updated_at: now.toISOString(),
    };
  }

  withState(state: 'ready' | 'moving'): CollectionPlacement {
    return new CollectionPlacement(
      this.collectionId,
      this.dimensions,
      this.layout,
      this.index,
      this.key,
      state,
    );
  }

  /** Routing of every request in a shared index (one collection, one shard); none otherwise. */
  get routing(): string | undefined {
    return this.key ?? undefined;
  }

  /** What every request of the collection names: its alias and, in a shared index, its routing. */
  get target(): { index: string; routing?: string } {
    return { index: this.index, ...(this.routing !== undefined && { routing: this.routing }) };
  }

  /** The filter every query of the collection carries: its key in a shared index, none otherwise. */
  get filter(): Query[] {
    return this.key === null ? [] : [{ term: { collection_key: this.key } }];
  }

  private get idPrefix(): string {
    return this.key === null ? '' : `${this.key}:`;
  }

  chunkId(chunkId: string): string {
    return chunkDocumentId(chunkId, this.idPrefix);
  }

  manifestId(documentId: string): string {
    return manifestDocumentId(documentId, this.idPrefix);
  }

  /** What a document of this collection carries so the filter finds it (shared indices only). */
  get keyField(): { collection_key?: string } {
    return this.key === null ? {} : { collection_key: this.key };
  }

  /** The `_id` another placement gives the chunk whose `_id` is `id` here. */
  translateChunkId(id: string, to: CollectionPlacement): string {
    const rest = id.startsWith(this.idPrefix) ? id.slice(this.idPrefix.length) : id;
    // A hashed id keeps its hash; a chunk id used as is may need hashing under a longer prefix.
    return rest.startsWith('#') ? `${to.idPrefix}${rest}` : to.chunkId(rest);
  }
}
