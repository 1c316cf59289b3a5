import { isRrfRetrieverUnsupported } from './elasticsearch-errors';

/**
 * How hybrid searches are fused:
 * - `client`: two searches in one `_msearch`, fused here with the same RRF as the embedded index;
 *   hits carry `bm25Rank` and `vectorRank`. Needs no licence.
 * - `retriever`: one search with the `rrf` retriever (Enterprise licence or trial); hits carry the
 *   fused score but no per-leg ranks, which one response does not report.
 * - `auto`: the retriever until the cluster answers that it cannot run it (licence, version),
 *   then `client` for the life of this adapter.
 */
export type RrfMode = 'auto' | 'retriever' | 'client';

export class RrfRetrieverSupport {
  private unsupported = false;

  constructor(readonly mode: RrfMode) {}

  useRetriever(): boolean {
    return this.mode === 'retriever' || (this.mode === 'auto' && !this.unsupported);
  }

  /** True when `error` says the retriever cannot run here and `auto` should fall back (once). */
  fallBackAfter(error: unknown): boolean {
    if (this.mode !== 'auto' || !isRrfRetrieverUnsupported(error)) return false;
    this.unsupported = true;
    return true;
  }
}
