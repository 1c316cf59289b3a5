import { contentWords, splitSentences } from '@docent/text-segmentation';
import { SentenceVectorCache } from './sentence-vector-cache';
import { questionCues, sentenceMatchesCues, type QuestionCue } from './question-cues';
import { stemTerm } from './term-stem';
import {
  NOT_FOUND_ANSWER,
  type Answer,
  type Answerer,
  type AnswerRequest,
  type Passage,
} from './types';

export interface ExtractiveAnswererOptions {
  /** Embeds candidate sentences (document side). */
  embedTexts: (texts: string[]) => Promise<Float32Array[]>;
  /** Embeds the question (query side). */
  embedQuery: (text: string) => Promise<Float32Array>;
  /** Soft cap on the answer length. */
  maxWords?: number;
  /** Below this combined score the answer is "not found". */
  minScore?: number;
  /** Sentence embeddings kept for reuse (default 50 000; 0 disables). */
  cacheSize?: number;
  weights?: Partial<ScoreWeights>;
}

export interface ScoreWeights {
  lexical: number;
  semantic: number;
  cue: number;
  rank: number;
}

interface Candidate {
  passageIndex: number;
  position: number;
  text: string;
  terms: Set<string>;
  wordCount: number;
  lexical: number;
  semantic: number;
  cue: number;
  score: number;
}

const DEFAULT_WEIGHTS: ScoreWeights = { lexical: 0.5, semantic: 0.35, cue: 0.1, rank: 0.05 };

/**
 * Answers without an LLM: picks the sentences of the retrieved passages that best answer the
 * question (lexical and semantic evidence, question-type cues) and returns them verbatim. It
 * never writes a word that is not in the passages.
 */
export class ExtractiveAnswerer implements Answerer {
  private readonly maxWords: number;
  private readonly minScore: number;
  private readonly weights: ScoreWeights;
  private readonly cache: SentenceVectorCache;

  constructor(private readonly options: ExtractiveAnswererOptions) {
    this.maxWords = options.maxWords ?? 45;
    this.minScore = options.minScore ?? 0.2;
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.cache = new SentenceVectorCache(options.cacheSize ?? 50_000);
  }

  async answer(request: AnswerRequest): Promise<Answer> {
    const candidates = this.candidates(request.passages);
    if (candidates.length === 0) return notFound();

    const questionTerms = termWeightsOf(request.question, request.standaloneQuestion);
    const idf = inverseDocumentFrequency(candidates);
    const cues = questionCues(request.question);
    const [questionVector, sentenceVectors] = await Promise.all([
      this.options.embedQuery(request.standaloneQuestion),
      this.cache.embed(
        candidates.map((c) => c.text),
        (texts) => this.options.embedTexts(texts),
      ),
    ]);

    const questionStems = new Set(questionTerms.keys());
    for (const [i, candidate] of candidates.entries()) {
      candidate.lexical = lexicalCoverage(candidate.terms, questionTerms, idf);
      candidate.semantic = Math.max(0, dot(questionVector, sentenceVectors[i]!));
      candidate.cue = cueScore(candidate, cues, questionStems);
      const rankPrior = 1 / (1 + candidate.passageIndex);
      candidate.score =
        this.weights.lexical * candidate.lexical +
        this.weights.semantic * candidate.semantic +
        this.weights.cue * candidate.cue +
        this.weights.rank * rankPrior;
      // A sentence that only restates the question answers nothing; one without the kind of
      // thing asked for (a person for "who", a time for "when") rarely answers it.
      if (novelty(candidate.terms, questionStems) < 0.2) candidate.score *= 0.5;
      if (cues.length > 0 && candidate.cue === 0) candidate.score *= 0.7;
    }

    const ranked = [...candidates].sort((a, b) => b.score - a.score);
    const best = ranked[0]!;
    if (best.score < this.minScore || (best.lexical === 0 && best.semantic < 0.3))
      return notFound();

    const chosen = [best];
    let words = best.wordCount;
    for (const other of ranked.slice(1, 4)) {
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
      const sentences = splitSentences(passage.text);
      for (const [position, raw] of sentences.entries()) {
        const text = raw.replace(/\s+/g, ' ').trim();
        const wordCount = text.split(' ').filter(Boolean).length;
        // Fragments say nothing on their own, but a short table row or figure can be the answer.
        const factual = text.includes(' | ') || /\d/.test(text);
        if (wordCount < 3 && !factual && sentences.length > 1) continue;
        out.push({
          passageIndex,
          position,
          text,
          terms: new Set(contentWords(text).map(stemTerm)),
          wordCount,
          lexical: 0,
          semantic: 0,
          cue: 0,
          score: 0,
        });
      }
    }
    return out;
  }
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

function novelty(terms: Set<string>, question: Set<string>): number {
  if (terms.size === 0) return 0;
  let fresh = 0;
  for (const t of terms) if (!question.has(t)) fresh++;
  return fresh / terms.size;
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
