export { CollectionResolver, type ResolvedCollection } from './collection-resolver';
export {
  CatalogService,
  type CatalogServiceOptions,
  type CollectionIngestionsCanceler,
  type Paged,
} from './catalog-service';
export { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, pageSize } from './paging';
