/** Consecutive slices of at most `size` items. */
export function* inBatches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}

export function validBatchSize(batchSize: number | undefined, fallback: number): number {
  const size = batchSize ?? fallback;
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${String(batchSize)}`);
  }
  return size;
}
