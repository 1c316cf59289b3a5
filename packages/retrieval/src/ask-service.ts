import type {
  Answer,
  AnswerPiece,
  Answerer,
  CollectionTermCounts,
  Passage,
} from '@docent/answerers';
import { hyphenedNames, writesOption } from '@docent/answerers';
import type { CollectionResolver } from '@docent/catalog';
import { NotFoundError } from '@docent/domain-errors';
import type { Embedder } from '@docent/embedder';
import { documentPageUrl, type DocumentLookup } from '@docent/metadata-store';
import {
  MAX_TERM_STATISTICS_WORDS,
  type SearchHit,
  type SearchIndex,
  type SearchMode,
} from '@docent/search-index';
import { contentWords } from '@docent/text-segmentation';
import { acronymLongForm, questionAcronyms, spellsOut } from './acronym-expansion';
import { standaloneQuestion, type HistoryTurn } from './follow-up';
import { unwrittenOptions } from './option-passages';
import { withoutRepeatedText } from './repeated-passages';
import { StageClock, type StageTiming } from './stage-clock';

export const DEFAULT_TOP_K = 5;
/** Hits searched beyond the passages wanted, standing in for repeats (`withoutRepeatedText`). */
const REPEAT_SLACK = 3;
/** Passages read for an acronym's long form: the best BM25 matches of the acronyms alone. */
const ACRONYM_PASSAGES = 10;
/** The best documents searched again, and how deep, for an option the passages do not write. */
const OPTION_DOCUMENTS = 2;
const OPTION_PASSAGES = 200;
/** Passages writing the option added to those the answerer reads. */
const OPTION_PASSAGES_ADDED = 2;

export interface AskInput {
  namespaceName: string;
  collectionName: string;
  question: string;
  topK?: number | null;
  docName?: string | null;
  history?: HistoryTurn[];
  /**
   * Keep `[n]` citation markers in the answer (`[n]` is `refs[n - 1]`). Default: on for an
   * answerer that writes its own text, off for one that quotes (it then marks its quote `[1]`).
   */
  citations?: boolean | null;
}

export interface Reference {
  docName: string;
  pageNum: number;
  sampleText: string;
  /** Opens the page (or the document) in its source; null when the source gives no link. */
  url: string | null;
  /** The quoted sentence in `sampleText`, in Unicode code points (`end` exclusive); null when not quoted. */
  highlight: { start: number; end: number } | null;
  /** The answer cites (or quotes) this reference; cited ones come first. */
  cited: boolean;
}

/** What a streamed ask reports before its result. */
export interface AskEvents {
  /** Once, when retrieval is done (a stream's headers can go out then). */
  retrieved?(retrievalMs: number): void;
  /**
   * Once, before any text: the references known when answering starts. With a quoting answerer
   * these are the final refs; with one that writes its text, the passages it reads, in order.
   */
  refs(refs: Reference[]): void;
  /**
   * A piece of the answer's text; `citations` give each marker it uses for the first time
   * the index of its reference in the `refs` event's list.
   */
  delta(text: string, citations: Array<{ marker: number; ref: number }>): void;
}

export interface AskOptions {
  signal?: AbortSignal;
  /** Streaming: the refs, then the answer's text as it is written. */
  events?: AskEvents;
  /**
   * The passages as retrieval ranked them, before the answer picks its refs (the benches measure
   * ranking on them without retrieving twice).
   */
  onRetrieved?: (passages: readonly Passage[]) => void;
}

export interface AskResult {
  answer: string;
  refs: Reference[];
  found: boolean;
  /** The words of `answer` that answer a question asking for a thing; null otherwise. */
  shortAnswer: string | null;
  /** Why the answer is "not found" (for logs: the subject rule, low evidence…); null when found. */
  notFoundReason: string | null;
  /**
   * Milliseconds spent retrieving (embedding, search, names) and answering, and per stage
   * (`Server-Timing`'s rows), in order.
   */
  timings: { retrievalMs: number; answerMs: number; stages: StageTiming[] };
}

export interface AskServiceOptions {
  /** Passages the answerer reads, at least; refs are cut to top_k afterwards. */
  minPassages?: number;
  mode?: SearchMode;
  /** Weight of the vector leg against BM25's 1 in the fusion. */
  vectorWeight?: number;
  fusion?: 'rrf' | 'convex';
  /**
   * Refs below this share of the best passage's fused score are left out, unless the answer
   * used them: the refs are the passages an answer came from, not the k nearest ones.
   * Default 0.5.
   */
  refFloor?: number;
  /** Also measure the process's CPU per stage (a system call per stage: for benches). */
  stageCpu?: boolean;
}

/** Hybrid retrieval over one collection (or one document), then an answer from the passages. */
export class AskService {
  private readonly minPassages: number;
  private readonly mode: SearchMode;
  private readonly vectorWeight: number;
  private readonly fusion: 'rrf' | 'convex';
  private readonly refFloor: number;
  private readonly stageCpu: boolean;

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
    this.refFloor = options.refFloor ?? 0.5;
    this.stageCpu = options.stageCpu ?? false;
  }

  async ask(accountId: string, input: AskInput, options: AskOptions = {}): Promise<AskResult> {
    // An index known to be down refuses before the question is embedded (or anything read).
    this.index.assertUp?.();
    const clock = new StageClock(this.stageCpu);
    const topK = input.topK ?? DEFAULT_TOP_K;
    const { passages, standalone, vector, termCounts, urls, collectionId } = await this.retrieveFor(
      accountId,
      input,
      clock,
    );
    const retrievalMs = clock.elapsed();
    const history = input.history ?? [];
    const { events, signal } = options;
    options.onRetrieved?.(passages);
    events?.retrieved?.(retrievalMs);
    const writes = this.answerer.citesPassages;
    const urlOf = (passage: Passage) => urls.get(passage.id) ?? null;
    // An answerer that writes its text streams it: the passages it reads go out first.
    if (events && writes) events.refs(passages.map((p) => reference(p, urlOf(p), [], false)));
    const onText =
      events && writes
        ? (piece: AnswerPiece) =>
            events.delta(
              piece.text,
              piece.citations.map((c) => ({
                marker: c.marker,
                ref: passages.findIndex((p) => p.id === c.passageId),
              })),
            )
        : undefined;
    let answer = await this.answerer.answer(
      {
        // A follow-up whose pronoun was resolved is answered as the question it became.
        question: standalone.resolved ? standalone.text : input.question,
        standaloneQuestion: standalone.text,
        questionVector: vector,
        history,
        passages,
        ...(termCounts && { termCounts }),
        neighbours: async (passage, ordinals) =>
          passage.documentId === undefined
            ? []
            : (await this.index.getChunks(collectionId, passage.documentId, ordinals)).map(
                (chunk) => ({ ordinal: chunk.ordinal, text: chunk.text }),
              ),
      },
      {
        signal,
        citations: input.citations ?? true,
        maxCitations: topK,
        ...(onText && { onText }),
        onStage: (stage) => clock.lap(stage),
      },
    );
    clock.lap('answer');
    if (!writes && input.citations) answer = markQuotes(answer, topK);
    const refs = orderReferences(passages, answer, { topK, floor: this.refFloor, urlOf });
    clock.lap('refs');
    if (events && !writes) {
      // A quoting answer is known whole: its refs are final, its text one piece.
      events.refs(refs);
      const cited = refs.filter((r) => r.cited).length;
      events.delta(
        answer.text,
        input.citations && answer.found
          ? Array.from({ length: cited }, (_, i) => ({ marker: i + 1, ref: i }))
          : [],
      );
    }
    return {
      answer: answer.text,
      refs,
      found: answer.found,
      shortAnswer: answer.found ? (answer.shortAnswer ?? null) : null,
      notFoundReason: answer.found ? null : (answer.notFoundReason ?? null),
      timings: {
        retrievalMs,
        answerMs: clock.elapsed() - retrievalMs,
        stages: clock.timings(),
      },
    };
  }

  /**
   * The question with the long forms of its acronyms that the collection spells out, found by a
   * BM25 search for the acronyms alone ("What does the PEP do? Policy enforcement point"); the
   * question itself when it writes none, or writes them out already.
   */
  private async spelledOut(
    question: string,
    collectionId: string,
    documentIds: string[] | undefined,
  ): Promise<string> {
    const acronyms = questionAcronyms(question);
    if (acronyms.length === 0) return question;
    const hits = await this.index.search({
      collectionId,
      text: acronyms.join(' '),
      vector: new Float32Array(0),
      documentIds,
      limit: ACRONYM_PASSAGES,
      mode: 'bm25',
    });
    const texts = hits.map((hit) => hit.text);
    const longForms = acronyms
      .map((acronym) => acronymLongForm(texts, acronym))
      .filter((long): long is string => long !== null && !spellsOut(question, long));
    return longForms.length === 0 ? question : `${question} ${longForms.join(' ')}`;
  }

  /**
   * Passages of the best documents writing an option the question names and no hit writes
   * ("-a" on pg_dump's page): searched again within those documents, deeper; null, with no
   * search, when every option is written (or none is named).
   */
  private async optionHits(
    question: string,
    hits: SearchHit[],
    query: { collectionId: string; text: string; vector: Float32Array },
  ): Promise<SearchHit[] | null> {
    const missing = unwrittenOptions(
      question,
      hits.map((hit) => hit.text),
    );
    if (missing.length === 0 || hits.length === 0) return null;
    const documentIds = [...new Set(hits.map((hit) => hit.documentId))].slice(0, OPTION_DOCUMENTS);
    const found = await this.index.search({
      ...query,
      documentIds,
      limit: OPTION_PASSAGES,
      mode: this.mode,
      weights: { bm25: 1, vector: this.vectorWeight },
      fusion: this.fusion,
      extras: this.answerer.chunkExtras !== null,
    });
    const seen = new Set(hits.map((hit) => hit.chunkId));
    return found
      .filter((hit) => !seen.has(hit.chunkId) && writesOption(hit.text, missing))
      .slice(0, OPTION_PASSAGES_ADDED);
  }

  private async retrieveFor(accountId: string, input: AskInput, clock: StageClock) {
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
    clock.lap('collection');
    const topK = input.topK ?? DEFAULT_TOP_K;
    const standalone = standaloneQuestion(input.question, input.history ?? []);
    clock.lap('follow-up');
    // A hyphened name counts whole too: "max-negative-ttl" is absent where its words are not.
    const words = this.answerer.readsTermCounts
      ? [...new Set([...contentWords(standalone.text), ...hyphenedNames(standalone.text)])].slice(
          0,
          MAX_TERM_STATISTICS_WORDS,
        )
      : null;
    // The counts run beside the embedding; the search starts once the vector is there, without
    // waiting for them (over the network they may take longer than the embedding).
    const counting = words ? this.index.termDocumentCounts(collection.id, words) : null;
    counting?.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    clock.lap('term-counts');
    const searchText = await this.spelledOut(standalone.text, collection.id, documentIds);
    clock.lap('acronyms');
    const vector = await this.embedder.embedQuery(searchText);
    clock.lap('embed');
    const limit = Math.max(topK, this.minPassages);
    const found = await this.index.search({
      collectionId: collection.id,
      text: searchText,
      vector,
      documentIds,
      // A few more, for those repeating a better hit's text (the same pool of candidates: the
      // first `limit` are the same).
      limit: limit + REPEAT_SLACK,
      mode: this.mode,
      weights: { bm25: 1, vector: this.vectorWeight },
      fusion: this.fusion,
      // What the answerer's strategy stored per chunk, fetched only for one that reads it.
      extras: this.answerer.chunkExtras !== null,
      onStage: (stage) => clock.lap(stage),
    });
    const hits = withoutRepeatedText(found).slice(0, limit);
    clock.lap('search');
    const optionHits = await this.optionHits(standalone.text, hits, {
      collectionId: collection.id,
      text: searchText,
      vector,
    });
    if (optionHits) {
      hits.push(...optionHits);
      clock.lap('options');
    }
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
              ...(hit.extras && { extras: hit.extras }),
              ...(hit.layout !== undefined && { layout: hit.layout }),
              documentId: hit.documentId,
              ordinal: hit.ordinal,
            },
          ]
        : [];
    });
    const termCounts: CollectionTermCounts | undefined =
      words && counts
        ? {
            chunks: counts.chunks,
            byWord: new Map(words.map((word, i) => [word, counts.counts[i] ?? 0])),
          }
        : undefined;
    clock.lap('names');
    return { passages, standalone, vector, termCounts, urls, collectionId: collection.id };
  }
}

/**
 * The references of an answer: none when nothing answered; else the passages the answer used
 * (cited), in the answer's order (each with the sentence it quotes highlighted), then the other
 * passages by rank whose fused score is at least `floor` × the best one's, `topK` in all.
 */
export function orderReferences(
  passages: Passage[],
  answer: Answer,
  options: { topK: number; floor?: number; urlOf?: (passage: Passage) => string | null },
): Reference[] {
  if (!answer.found) return [];
  const { topK, floor = 0, urlOf = () => null } = options;
  const byId = new Map(passages.map((p) => [p.id, p]));
  const used = answer.usedPassageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const best = Math.max(0, ...passages.map((p) => p.score));
  const rest = passages.filter(
    (p) => !answer.usedPassageIds.includes(p.id) && p.score >= floor * best,
  );
  return [...used, ...rest]
    .slice(0, topK)
    .map((p, i) => reference(p, urlOf(p), answer.quotes ?? [], i < used.length));
}

function reference(
  passage: Passage,
  url: string | null,
  quotes: NonNullable<Answer['quotes']>,
  cited: boolean,
): Reference {
  return {
    docName: passage.docName,
    pageNum: passage.pageNum,
    sampleText: passage.text,
    url,
    highlight: highlightOf(passage, quotes),
    cited,
  };
}

/**
 * A quoting answer with its quoted passages marked `[1]`, `[2]`… at its end (asked for with
 * `citations`), so it reads like a citing one; the quote itself is left verbatim.
 */
export function markQuotes(answer: Answer, topK: number): Answer {
  if (!answer.found || answer.usedPassageIds.length === 0) return answer;
  const cited = Math.min(answer.usedPassageIds.length, topK);
  const markers = Array.from({ length: cited }, (_, i) => `[${i + 1}]`).join('');
  return { ...answer, text: `${answer.text} ${markers}` };
}

/** The span of the passage's text the answer quotes, in code points, or null. */
function highlightOf(
  passage: Passage,
  quotes: ReadonlyArray<{ passageId: string; start: number; end: number }>,
): { start: number; end: number } | null {
  const mine = quotes.filter((q) => q.passageId === passage.id);
  if (mine.length === 0) return null;
  const start = Math.min(...mine.map((q) => q.start));
  const end = Math.max(...mine.map((q) => q.end));
  return { start: codePointOffset(passage.text, start), end: codePointOffset(passage.text, end) };
}

/** A UTF-16 offset of `text` as a count of code points (what clients in other languages index by). */
export function codePointOffset(text: string, utf16Offset: number): number {
  // The string iterator walks code points: a surrogate pair is one, a lone half one too.
  return Array.from(text.slice(0, utf16Offset)).length;
}
