/**
 * `work` applied to `items`, at most `ahead` started before the consumer takes their results,
 * which come in input order. While the consumer is busy with one result (embedding it), the
 * next ones are being prepared (fetched, parsed). A failure surfaces when its turn comes.
 */
export async function* prefetchInOrder<T, R>(
  items: readonly T[],
  ahead: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<R, void, undefined> {
  const started: Array<Promise<R>> = [];
  let next = 0;
  const fill = () => {
    while (started.length < ahead && next < items.length) {
      const promise = work(items[next++]!);
      // Awaited in turn below; until then a rejection must not count as unhandled.
      promise.catch(() => undefined);
      started.push(promise);
    }
  };
  fill();
  while (started.length > 0) {
    const result = await started.shift()!;
    fill();
    yield result;
  }
}
