import { answerUnitKey, answerUnits, contentWords } from '@docent/text-segmentation';
import { SentenceVectorCache } from './sentence-vector-cache';
import { questionCues, sentenceMatchesCues, type QuestionCue } from './question-cues';
import { stemTerm } from './term-stem';
import {
  NOT_FOUND_ANSWER,
  type Answer,
  type Answerer,
  type AnswerRequest,
  type CollectionTermCounts,
  type Passage,
} from './types';

export interface ExtractiveAnswererOptions {
  /** Embeds candidate sentences (document side) that have no stored vector. */
  embedTexts: (texts: string[]) => Promise<Float32Array[]>;
  /** Embeds the question (query side). */
  embedQuery: (text: string) => Promise<Float32Array>;
  /** Soft cap on the answer length. */
  maxWords?: number;
  /** Below this combined score the answer is "not found". */
  minScore?: number;
  /**
   * Below this share of the question's names and numbers ("Super Bowl 50", "AFC") found in the
   * passages, the answer is "not found". Default 0 (off): `minEvidence` already refuses most
   * such questions, and this check costs answerable ones more.
   */
  minEntityCoverage?: number;
  /**
   * Below this evidence the answer is "not found". Evidence is 0.7 × the share of the question's
   * terms (weighted by their rarity in the whole collection) that its best-covering sentence
   * holds, with the words of that sentence's document name, + 0.3 × the cosine similarity of
   * the best-ranked passage. A collection that answers a question nearly always restates most
   * of it in one sentence; one that merely resembles it shares a few words with each passage.
   * Needs `termCounts` (else the share is judged from the passages' own word counts). Default
   * 0.38, calibrated with `pnpm bench:quality`'s unanswerable set for the offline model.
   */
  minEvidence?: number;
  /** Sentence embeddings kept for reuse (default 50 000; 0 disables). */
  cacheSize?: number;
  /**
   * How many sentences, the best by their words, cues and rank, are compared with the question in
   * meaning (with their stored vectors, else embedded now); the others keep their score without
   * it. Default 8.
   */
  semanticCandidates?: number;
  /**
   * The passage's section titles count as words of each of its sentences, like its document's
   * name (a slide's title, a heading above a list). Default true.
   */
  headingsAsContext?: boolean;
  /**
   * Take the sentence after the chosen one when it refers back to it ("They are found in …")
   * and holds what the question asks for or some of its words. Default true.
   */
  followReferences?: boolean;
  weights?: Partial<ScoreWeights>;
}

export interface ScoreWeights {
  lexical: number;
  semantic: number;
  cue: number;
  rank: number;
  /** Question bigrams found verbatim in the sentence. */
  phrase: number;
  /** Factor on a sentence lacking the kind of thing the question asks for. */
  missingCue: number;
  /** Factor on a sentence that adds no word to the question (it restates it, answers nothing). */
  restatement: number;
}

interface Candidate {
  passageIndex: number;
  position: number;
  text: string;
  terms: Set<string>;
  /** `terms` with the row key's stems when the candidate is a cell of a long table row. */
  context: Set<string>;
  /** Stems in sentence order, for phrase matches. */
  sequence: string[];
  wordCount: number;
  lexical: number;
  semantic: number;
  cue: number;
  /** Weighted evidence without the semantic similarity. */
  base: number;
  /** Penalties: a restatement of the question, a missing kind of thing asked for. */
  factor: number;
  score: number;
}

const DEFAULT_WEIGHTS: ScoreWeights = {
  lexical: 0.5,
  semantic: 0.35,
  cue: 0.1,
  rank: 0.05,
  phrase: 0.1,
  missingCue: 0.7,
  restatement: 0.5,
};

/**
 * Answers without an LLM: picks the sentences of the retrieved passages that best answer the
 * question (lexical and semantic evidence, question-type cues) and returns them verbatim. It
 * never writes a word that is not in the passages.
 */
export class ExtractiveAnswerer implements Answerer {
  // Its answer quotes one or two sentences; moving their passage first cost SciFact nDCG@10
  // 3.6 points on the quality bench.
  readonly citesPassages = false;
  readonly readsTermCounts = true;
  private readonly maxWords: number;
  private readonly minScore: number;
  private readonly minEntityCoverage: number;
  private readonly minEvidence: number;
  private readonly weights: ScoreWeights;
  private readonly cache: SentenceVectorCache;
  private readonly headingsAsContext: boolean;
  private readonly followReferences: boolean;
  private readonly semanticCandidates: number;

  constructor(private readonly options: ExtractiveAnswererOptions) {
    this.maxWords = options.maxWords ?? 45;
    this.minScore = options.minScore ?? 0.2;
    this.minEntityCoverage = options.minEntityCoverage ?? 0;
    this.minEvidence = options.minEvidence ?? 0.38;
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.cache = new SentenceVectorCache(options.cacheSize ?? 50_000);
    this.headingsAsContext = options.headingsAsContext ?? true;
    this.followReferences = options.followReferences ?? true;
    this.semanticCandidates = options.semanticCandidates ?? 8;
  }

  async answer(request: AnswerRequest): Promise<Answer> {
    const candidates = this.candidates(request.passages);
    if (candidates.length === 0) return notFound();

    const questionTerms = termWeightsOf(request.question, request.standaloneQuestion);
    const idf = inverseDocumentFrequency(candidates);
    const topicByPassage = request.passages.map(
      (p) =>
        new Set(contextTerms(this.headingsAsContext ? `${p.docName} ${p.headings}` : p.docName)),
    );
    const rarity = request.termCounts ? collectionRarity(request.termCounts) : idf;
    if (
      evidence(candidates, topicByPassage, questionTerms, rarity, request.passages) <
      this.minEvidence
    ) {
      return notFound();
    }
    if (this.minEntityCoverage > 0) {
      const everywhere = new Set(candidates.flatMap((c) => [...c.terms]));
      for (const topic of topicByPassage) for (const t of topic) everywhere.add(t);
      const entities = questionEntities(request.standaloneQuestion);
      const found = entities.filter((e) => everywhere.has(e)).length;
      if (entities.length > 0 && found / entities.length < this.minEntityCoverage)
        return notFound();
    }
    const cues = questionCues(request.question);
    const questionStems = new Set(questionTerms.keys());
    const questionBigrams = bigramsOf(contentWords(request.question).map(stemTerm));
    for (const candidate of candidates) {
      // The words of a sentence's document name belong to each of its sentences ("it" in a page
      // about the Lapwing depot is the Lapwing depot): they rank documents against each other and
      // weigh the same for every sentence of one document.
      const held = withTopic(candidate.context, topicByPassage[candidate.passageIndex]!);
      candidate.lexical = lexicalCoverage(held, questionTerms, idf);
      candidate.cue = cueScore(candidate, cues, questionStems);
      const phrase = phraseOverlap(questionBigrams, candidate.sequence);
      const rankPrior = 1 / (1 + candidate.passageIndex);
      candidate.base =
        this.weights.lexical * candidate.lexical +
        this.weights.cue * candidate.cue +
        this.weights.phrase * phrase +
        this.weights.rank * rankPrior;
      // A sentence that only restates the question answers nothing; one without the kind of
      // thing asked for (a person for "who", a time for "when") rarely answers it.
      candidate.factor =
        (addsToQuestion(candidate.terms, questionStems) ? 1 : this.weights.restatement) *
        (cues.length > 0 && candidate.cue === 0 ? this.weights.missingCue : 1);
      candidate.score = candidate.base * candidate.factor;
    }
    // Meaning decides between the sentences the words already favour.
    const contenders = [...candidates]
      .sort((a, b) => b.score - a.score)
      .slice(0, this.semanticCandidates);
    // Vectors stored with the chunks at ingestion serve the sentences they were computed for;
    // only the others (collections ingested without them, other models) are embedded now.
    const stored = storedSentenceVectors(request.passages);
    const unstored = contenders.filter((c) => !stored.has(answerUnitKey(c.text)));
    const [questionVector, fresh] = await Promise.all([
      request.questionVector ?? this.options.embedQuery(request.standaloneQuestion),
      unstored.length === 0
        ? []
        : this.cache.embed(
            unstored.map((c) => c.text),
            (texts) => this.options.embedTexts(texts),
          ),
    ]);
    const embedded = new Map(unstored.map((c, i) => [c, fresh[i]!]));
    const sentenceVectors = contenders.map(
      (c) => stored.get(answerUnitKey(c.text)) ?? embedded.get(c)!,
    );
    for (const [i, candidate] of contenders.entries()) {
      candidate.semantic = Math.max(0, dot(questionVector, sentenceVectors[i]!));
      candidate.score =
        (candidate.base + this.weights.semantic * candidate.semantic) * candidate.factor;
    }

    const ranked = [...candidates].sort((a, b) => b.score - a.score);
    const best = ranked[0]!;
    if (best.score < this.minScore) return notFound();

    const chosen = [best];
    let words = best.wordCount;
    // The sentence naming what was asked about often comes just before the one holding it
    // ("Here is the code: … / 7419 …"): take the next sentence when it has what the question asks for.
    if (cues.length > 0 && best.cue === 0) {
      const next = candidates.find(
        (c) =>
          c.passageIndex === best.passageIndex && c.position === best.position + 1 && c.cue > 0,
      );
      if (next) {
        chosen.push(next);
        words += next.wordCount;
      }
    }
    // "They are found in …": a sentence that refers back to the chosen one often finishes it.
    if (this.followReferences && chosen.length === 1) {
      const next = candidates.find(
        (c) => c.passageIndex === best.passageIndex && c.position === best.position + 1,
      );
      if (
        next &&
        REFERS_BACK.test(next.text) &&
        words + next.wordCount <= this.maxWords &&
        (next.cue > 0 || next.lexical > 0)
      ) {
        chosen.push(next);
        words += next.wordCount;
      }
    }
    for (const other of ranked.slice(1, 4)) {
      if (chosen.length > 1) break;
      if (words + other.wordCount > this.maxWords) continue;
      // A second sentence must be nearly as good, or continue a very short first one.
      const continues =
        best.wordCount < 10 &&
        other.passageIndex === best.passageIndex &&
        other.position === best.position + 1;
      if (other.score >= 0.9 * best.score || continues) {
        chosen.push(other);
        words += other.wordCount;
        break;
      }
    }
    // Keep the reading order of sentences taken from one passage.
    const ordered = chosen.sort((a, b) =>
      a.passageIndex === b.passageIndex ? a.position - b.position : 0,
    );
    const used: string[] = [];
    for (const c of [best, ...chosen]) {
      const id = request.passages[c.passageIndex]!.id;
      if (!used.includes(id)) used.push(id);
    }
    return {
      text: ordered.map((c) => clip(c.text, Math.ceil(this.maxWords * 1.5))).join(' '),
      usedPassageIds: used,
      found: true,
    };
  }

  private candidates(passages: Passage[]): Candidate[] {
    const out: Candidate[] = [];
    for (const [passageIndex, passage] of passages.entries()) {
      const units = answerUnits(passage.text, this.maxWords);
      for (const [position, unit] of units.entries()) {
        const text = unit.text;
        const wordCount = text.split(' ').filter(Boolean).length;
        // Fragments say nothing on their own, but a short table row or figure can be the answer.
        const factual = text.includes(' | ') || /\d/.test(text) || unit.rowKey !== '';
        if (wordCount < 3 && !factual && units.length > 1) continue;
        const sequence = contentWords(text).map(stemTerm);
        const terms = new Set(sequence);
        out.push({
          passageIndex,
          position,
          text,
          terms,
          context:
            unit.rowKey === '' ? terms : withTopic(terms, new Set(contextTerms(unit.rowKey))),
          sequence,
          wordCount,
          lexical: 0,
          semantic: 0,
          cue: 0,
          base: 0,
          factor: 1,
          score: 0,
        });
      }
    }
    return out;
  }
}

/** A sentence opening with a word that stands for something said before. */
const REFERS_BACK = /^(?:they|it|this|these|those|its|their|he|she|his|her|such)\b/i;

/** Stems of the names and numbers a question mentions: capitalised words after its first, and figures. */
function questionEntities(question: string): string[] {
  const words = question.split(/\s+/).slice(1);
  const named = words.filter((w) => /^["'(]?(\p{Lu}|\d)/u.test(w) || /\d/.test(w));
  return [...new Set(contentWords(named.join(' ')).map(stemTerm))];
}

function notFound(): Answer {
  return { text: NOT_FOUND_ANSWER, usedPassageIds: [], found: false };
}

/** Question terms weigh 1; terms only in the standalone (history-resolved) form weigh 0.5. */
function termWeightsOf(question: string, standalone: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of contentWords(standalone).map(stemTerm)) weights.set(term, 0.5);
  for (const term of contentWords(question).map(stemTerm)) weights.set(term, 1);
  return weights;
}

function inverseDocumentFrequency(candidates: Candidate[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const c of candidates) for (const t of c.terms) df.set(t, (df.get(t) ?? 0) + 1);
  const n = candidates.length;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + n / count));
  return idf;
}

/**
 * How well the passages support an answer: 0.7 × the best share of the question's terms one
 * sentence holds (its document name's words included: a sentence about "it" still belongs to
 * its article) + 0.3 × the best-ranked passage's similarity to the question, when known.
 */
function evidence(
  candidates: Candidate[],
  topicByPassage: Array<Set<string>>,
  questionTerms: Map<string, number>,
  rarity: Map<string, number>,
  passages: Passage[],
): number {
  let coverage = 0;
  for (const c of candidates) {
    const terms = withTopic(c.context, topicByPassage[c.passageIndex]!);
    coverage = Math.max(coverage, lexicalCoverage(terms, questionTerms, rarity));
  }
  const similarity = passages[0]?.similarity;
  return similarity === undefined ? coverage : 0.7 * coverage + 0.3 * Math.max(0, similarity);
}

/**
 * BM25's idf per stem from collection-wide chunk counts; a stem written several ways in the
 * question takes its most common form's count. A word no chunk holds gets the highest idf.
 */
function collectionRarity({ chunks, byWord }: CollectionTermCounts): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word, count] of byWord) {
    const stem = stemTerm(word);
    counts.set(stem, Math.max(count, counts.get(stem) ?? 0));
  }
  const idf = new Map<string, number>();
  for (const [stem, count] of counts) {
    const holding = Math.min(count, chunks);
    idf.set(stem, Math.log(1 + (chunks - holding + 0.5) / (holding + 0.5)));
  }
  return idf;
}

function lexicalCoverage(
  terms: Set<string>,
  question: Map<string, number>,
  idf: Map<string, number>,
): number {
  let total = 0;
  let hit = 0;
  // Terms absent from every candidate still count in the denominator, at the highest idf.
  const unseen = Math.max(1, ...idf.values());
  for (const [term, weight] of question) {
    const w = weight * (idf.get(term) ?? unseen);
    total += w;
    if (terms.has(term)) hit += w;
  }
  return total === 0 ? 0 : hit / total;
}

function cueScore(candidate: Candidate, cues: QuestionCue[], questionStems: Set<string>): number {
  if (cues.length === 0) return 0;
  return sentenceMatchesCues(candidate.text, cues, questionStems) ? 1 : 0;
}

function bigramsOf(stems: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < stems.length; i++) out.add(`${stems[i - 1]} ${stems[i]}`);
  return out;
}

/** Share of the question's content bigrams that the sentence contains verbatim. */
function phraseOverlap(questionBigrams: Set<string>, sequence: string[]): number {
  if (questionBigrams.size === 0) return 0;
  let hits = 0;
  for (const bigram of bigramsOf(sequence)) if (questionBigrams.has(bigram)) hits++;
  return Math.min(1, hits / questionBigrams.size);
}

/** Whether the sentence says anything the question does not: one new word can be the answer. */
function addsToQuestion(terms: Set<string>, question: Set<string>): boolean {
  for (const t of terms) if (!question.has(t)) return true;
  return false;
}

/**
 * Stems of a document name and section titles, with the parts of glued codes as well: a file
 * named "rfc793-tcp.pdf" is about "RFC 793".
 */
function contextTerms(text: string): string[] {
  return contentWords(text).flatMap((word) => {
    const parts = word.match(/\p{L}+|\p{N}+/gu) ?? [];
    return [word, ...(parts.length > 1 ? parts : [])].map(stemTerm);
  });
}

function withTopic(terms: Set<string>, topic: Set<string>): Set<string> {
  if (topic.size === 0) return terms;
  const held = new Set(terms);
  for (const t of topic) held.add(t);
  return held;
}

/** The passages' stored sentence vectors by their text's key. */
function storedSentenceVectors(passages: Passage[]): Map<number, Float32Array> {
  const out = new Map<number, Float32Array>();
  for (const passage of passages) {
    for (const { key, vector } of passage.sentenceVectors ?? []) out.set(key, vector);
  }
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function clip(text: string, maxWords: number): string {
  const words = text.split(' ');
  return words.length <= maxWords ? text : `${words.slice(0, maxWords).join(' ')} …`;
}
