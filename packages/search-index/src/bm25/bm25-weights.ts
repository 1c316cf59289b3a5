/** Weight of each text field in BM25 scoring (BM25F); 0 leaves a field out. */
export interface Bm25Weights {
  text: number;
  headings: number;
  title: number;
}

/** Headings and titles say what a chunk is about in fewer words than its text. */
export const DEFAULT_BM25_WEIGHTS: Readonly<Bm25Weights> = { text: 1.0, headings: 2.0, title: 1.5 };
