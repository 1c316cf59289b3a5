import type { Integration } from './integration-book';
import type { NotionStore } from './notion-store';

/** Whether an integration sees an object: it, or a page/database above it, was shared. */
export function canSee(store: NotionStore, integration: Integration, id: string): boolean {
  const { shared } = integration;
  if (shared === 'all') return true;
  return store.lineage(id).some((ancestor) => shared.has(ancestor));
}
