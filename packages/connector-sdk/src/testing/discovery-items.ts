import type { DiscoveryItem, IncompleteListing } from '../connector';
import type { DocumentContent } from '@docent/document-model';
import type { DocumentRef } from '../document-ref';

type Listing = AsyncIterable<DiscoveryItem>;

/** The items of a listing, up to (and including) the `stopAfterCheckpoints`-th checkpoint. */
export async function collect(
  items: Listing,
  stopAfterCheckpoints = Number.POSITIVE_INFINITY,
): Promise<DiscoveryItem[]> {
  const collected: DiscoveryItem[] = [];
  let seen = 0;
  for await (const item of items) {
    collected.push(item);
    if (item.type === 'checkpoint') {
      seen += 1;
      if (seen >= stopAfterCheckpoints) break;
    }
  }
  return collected;
}

/** Every item, and what the listing returned at its end. */
export async function collectWithEnd(
  listing: AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined>,
): Promise<{ items: DiscoveryItem[]; end: IncompleteListing | void }> {
  const items: DiscoveryItem[] = [];
  for (;;) {
    const next = await listing.next();
    if (next.done) return { items, end: next.value };
    items.push(next.value);
  }
}

export function documents(items: readonly DiscoveryItem[]): DocumentRef[] {
  return items.flatMap((item) => (item.type === 'document' ? [item.ref] : []));
}

export function documentIds(items: readonly DiscoveryItem[]): string[] {
  return documents(items).map((ref) => ref.sourceId);
}

export function failures(items: readonly DiscoveryItem[]) {
  return items.flatMap((item) => (item.type === 'failure' ? [item] : []));
}

export function checkpoints(items: readonly DiscoveryItem[]): string[] {
  return items.flatMap((item) => (item.type === 'checkpoint' ? [item.checkpoint] : []));
}

/** The whole byte stream of `file` content. */
export async function readBytes(content: DocumentContent): Promise<Buffer> {
  if (content.kind !== 'file') throw new Error('expected file content');
  const chunks: Buffer[] = [];
  for await (const chunk of await content.open()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The text of a document's parsed blocks, one line per block (table cells joined by ` | `). */
export function textOf(ref: DocumentRef): string {
  if (ref.content?.kind !== 'parsed') return '';
  return ref.content.document.pages
    .flatMap((page) => page.blocks)
    .map((block) => (block.kind === 'table_row' ? block.cells.join(' | ') : block.text))
    .join('\n');
}

/** Resolves to the error a promise rejected with (fails the test if it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}
