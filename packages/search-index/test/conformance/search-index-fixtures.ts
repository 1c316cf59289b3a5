import { type IndexedChunk } from '../../src/types';

/** Small hand-made vector space: no model, every similarity is known in advance. */
export const DIMENSIONS = 8;

/** A unit vector from (index, weight) pairs, e.g. `unit([3, 0.9], [0, 0.1])`. */
export function unit(...components: Array<[axis: number, weight: number]>): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  for (const [axis, weight] of components) vector[axis] = weight;
  const norm = Math.hypot(...vector);
  return vector.map((component) => component / norm);
}

export function axis(index: number): Float32Array {
  return unit([index, 1]);
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

export function chunk(
  documentId: string,
  ordinal: number,
  text: string,
  vector: Float32Array,
  fields: Partial<Pick<IndexedChunk, 'pageNum' | 'headings' | 'title'>> = {},
): IndexedChunk {
  return {
    chunkId: `${documentId}:${ordinal}`,
    documentId,
    ordinal,
    pageNum: fields.pageNum ?? 1,
    text,
    headings: fields.headings ?? '',
    title: fields.title ?? documentId,
    vector,
  };
}

/**
 * A tiny knowledge base where each chunk owns one axis of the vector space, so a query vector
 * along an axis "means" that chunk, whatever words the query uses.
 */
export const KNOWLEDGE_BASE: Record<string, IndexedChunk[]> = {
  'deploy-guide': [
    chunk(
      'deploy-guide',
      0,
      'Deployment fails with error code E4711 when the disk quota is exceeded.',
      axis(0),
      { headings: 'Troubleshooting > Quotas', title: 'Deploy guide' },
    ),
    chunk('deploy-guide', 1, 'Rollbacks restore the previous release within minutes.', axis(1), {
      headings: 'Rollbacks',
      title: 'Deploy guide',
      pageNum: 2,
    }),
  ],
  pets: [
    chunk('pets', 0, 'Cats are independent animals that sleep most of the day.', axis(2), {
      title: 'Pets',
    }),
  ],
  garage: [
    chunk(
      'garage',
      0,
      'An automobile needs its oil changed every ten thousand kilometres.',
      axis(3),
      { title: 'Garage' },
    ),
  ],
  fitness: [
    chunk('fitness', 0, 'She was running along the river every morning.', axis(4), {
      title: 'Fitness',
    }),
  ],
};
