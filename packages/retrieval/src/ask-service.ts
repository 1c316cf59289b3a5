import type { Answer, Answerer, Passage } from '@docent/answerers';
import type { CollectionResolver } from '@docent/catalog';
import { NotFoundError } from '@docent/domain-errors';
import type { Embedder } from '@docent/embedder';
import { documentPageUrl, type DocumentLookup } from '@docent/metadata-store';
import { MAX_TERM_STATISTICS_WORDS, type SearchIndex, type SearchMode } from '@docent/search-index';
import { contentWords } from '@docent/text-segmentation';
import { standaloneQuestion, type HistoryTurn } from './follow-up';

export const DEFAULT_TOP_K = 5;

export interface AskInput {
  namespaceName: string;
  collectionName: string;
  question: string;
  topK?: number | null;
  docName?: string | null;
  history?: HistoryTurn[];
}

export interface Reference {
  docName: string;
  pageNum: number;
  sampleText: string;
  /** Opens the page (or the document) in its source; null when the source gives no link. */
  url: string | null;
}

export interface AskResult {
  answer: string;
  refs: Reference[];
  found: boolean;
}

export interface AskServiceOptions {
  /** Passages the answerer reads, at least; refs are cut to top_k afterwards. */
  minPassages?: number;
  mode?: SearchMode;
  /** Weight of the vector leg against BM25's 1 in the fusion. */
  vectorWeight?: number;
  fusion?: 'rrf' | 'convex';
  /**
   * Refs the answer used come first, in the answer's order, or every ref stays in retrieval
   * order. Default: first when the answerer cites its passages.
   */
  citedFirst?: boolean;
}

/** Hybrid retrieval over one collection (or one document), then an answer from the passages. */
export class AskService {
  private readonly minPassages: number;
  private readonly mode: SearchMode;
  private readonly vectorWeight: number;
  private readonly fusion: 'rrf' | 'convex';
  private readonly citedFirst: boolean;

  constructor(
    private readonly store: DocumentLookup,
    private readonly index: SearchIndex,
    private readonly embedder: Embedder,
    private readonly answerer: Answerer,
    private readonly resolver: CollectionResolver,
    options: AskServiceOptions = {},
  ) {
    this.minPassages = options.minPassages ?? 5;
    this.mode = options.mode ?? 'hybrid';
    this.vectorWeight = options.vectorWeight ?? 1;
    this.fusion = options.fusion ?? 'rrf';
    this.citedFirst = options.citedFirst ?? answerer.citesPassages;
  }

  async ask(accountId: string, input: AskInput, signal?: AbortSignal): Promise<AskResult> {
    const { collection } = await this.resolver.collection(
      accountId,
      input.namespaceName,
      input.collectionName,
    );
    let documentIds: string[] | undefined;
    if (input.docName) {
      const document = await this.store.findDocumentByName(collection.id, input.docName);
      if (!document) {
        throw new NotFoundError(
          `Document ${input.docName} does not exist in ${input.namespaceName}/${input.collectionName}.`,
        );
      }
      documentIds = [document.id];
    }
    const topK = input.topK ?? DEFAULT_TOP_K;
    const history = input.history ?? [];
    const standalone = standaloneQuestion(input.question, history);
    const words = this.answerer.readsTermCounts
      ? [...new Set(contentWords(standalone))].slice(0, MAX_TERM_STATISTICS_WORDS)
      : null;
    // The counts run beside the embedding; the search starts once the vector is there, without
    // waiting for them (over the network they may take longer than the embedding).
    const counting = words ? this.index.termDocumentCounts(collection.id, words) : null;
    counting?.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const vector = await this.embedder.embedQuery(standalone);
    const hits = await this.index.search({
      collectionId: collection.id,
      text: standalone,
      vector,
      documentIds,
      limit: Math.max(topK, this.minPassages),
      mode: this.mode,
      weights: { bm25: 1, vector: this.vectorWeight },
      fusion: this.fusion,
    });

    const counts = await counting;
    // Names come from the metadata, so a renamed or deleted document is never mislabelled.
    const documents = new Map(
      (await this.store.getDocumentsByIds([...new Set(hits.map((h) => h.documentId))])).map((d) => [
        d.id,
        d,
      ]),
    );
    // Links come from the catalog too, so a page moved since it was indexed links right.
    const urls = new Map<string, string | null>();
    const passages: Passage[] = hits.flatMap((hit) => {
      const document = documents.get(hit.documentId);
      if (document) urls.set(hit.chunkId, documentPageUrl(document, hit.pageNum));
      return document
        ? [
            {
              id: hit.chunkId,
              docName: document.name,
              pageNum: hit.pageNum,
              text: hit.text,
              headings: hit.headings,
              score: hit.score,
              ...(hit.similarity !== undefined && { similarity: hit.similarity }),
              ...(hit.sentenceVectors && { sentenceVectors: hit.sentenceVectors }),
            },
          ]
        : [];
    });
    const answer = await this.answerer.answer(
      {
        question: input.question,
        standaloneQuestion: standalone,
        questionVector: vector,
        history,
        passages,
        ...(words &&
          counts && {
            termCounts: {
              chunks: counts.chunks,
              byWord: new Map(words.map((word, i) => [word, counts.counts[i] ?? 0])),
            },
          }),
      },
      signal,
    );
    return {
      answer: answer.text,
      refs: orderReferences(
        passages,
        this.citedFirst ? answer : { ...answer, usedPassageIds: [] },
        topK,
        (passage) => urls.get(passage.id) ?? null,
      ),
      found: answer.found,
    };
  }
}

/** The passages the answer used come first, in the answer's order; then the rest by rank. */
export function orderReferences(
  passages: Passage[],
  answer: Answer,
  topK: number,
  urlOf: (passage: Passage) => string | null = () => null,
): Reference[] {
  const byId = new Map(passages.map((p) => [p.id, p]));
  const used = answer.usedPassageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const rest = passages.filter((p) => !answer.usedPassageIds.includes(p.id));
  return [...used, ...rest]
    .slice(0, topK)
    .map((p) => ({ docName: p.docName, pageNum: p.pageNum, sampleText: p.text, url: urlOf(p) }));
}
