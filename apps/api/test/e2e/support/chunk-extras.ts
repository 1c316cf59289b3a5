import { RUNTIME } from '@docent/nest-runtime';
import type { Runtime } from '@docent/runtime';
import type { InProcessDocent } from './docent-server';

/**
 * How many of a collection's chunks (those a search for `text` returns, all of a small
 * collection) the index holds extras for, asked of the running app's own index (embedded or
 * scaled), extras requested.
 */
export async function chunksWithExtras(
  docent: InProcessDocent,
  locator: { namespace_name: string; collection_name: string },
  text: string,
): Promise<{ chunks: number; withExtras: number }> {
  const runtime = docent.app.get<Runtime>(RUNTIME);
  const account = await runtime.store.accounts.ensureAccount('acme');
  const { collection } = await runtime.resolver.collection(
    account.id,
    locator.namespace_name,
    locator.collection_name,
  );
  const hits = await runtime.index.search({
    collectionId: collection.id,
    text,
    vector: await runtime.embedder.embedQuery(text),
    limit: 200,
    extras: true,
  });
  return { chunks: hits.length, withExtras: hits.filter((hit) => hit.extras).length };
}
