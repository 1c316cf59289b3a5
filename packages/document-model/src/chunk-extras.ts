import type { ChunkLayout } from './chunk-layout';

/**
 * What an answering strategy keeps per chunk, computed at ingestion and stored by the index as
 * one opaque blob: ingestion asks the writer for a plan per chunk, pools the plan's spans from
 * the chunk's own forward pass and stores what the plan encodes.
 */
export interface ChunkExtrasWriter {
  /** What to compute for one chunk (its text and layout as indexed). */
  plan(text: string, layout?: ChunkLayout): ChunkExtrasPlan;
}

/** One chunk's extras to compute at ingestion. */
export interface ChunkExtrasPlan {
  /**
   * Texts of the chunk whose vectors the extras are made of: the ingestion pools each from the
   * chunk's own forward pass (no extra model call). Empty: nothing is pooled.
   */
  readonly spans: readonly string[];
  /**
   * The chunk's blob from its spans' vectors, in `spans` order (null where the embedder gave
   * none); null: nothing to store for this chunk.
   */
  encode(vectors: ReadonlyArray<Float32Array | null>): Uint8Array | null;
}
