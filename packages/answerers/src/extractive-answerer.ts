import { decodeChunkLayout } from '@docent/document-model';
import {
  answerUnitKey,
  answerUnits,
  contentWords,
  warmEnglishTagger,
  type AnswerUnit,
  words as wordTokens,
} from '@docent/text-segmentation';
import { abortable } from './abortable';
import {
  acronymExpansion,
  definedSubject,
  definesSubject,
  definition,
  type DefinedSubject,
} from './defined-subject';
import {
  absentHyphenedNames,
  absentOptions,
  askedAnswerCheck,
  carryNames,
  collectionRarity,
  commonNames,
  contextTerms,
  evidence,
  evidenceWeights,
  type HeldTerms,
  holdsSubjects,
  holdsFocusWords,
  identifiersOf,
  lexicalCoverage,
  namesAnotherIdentifier,
  namesOfDocuments,
  passageNames,
  passageWords,
  questionSubjects,
  union,
  unheldAbbreviations,
  unheldCapitalPhrases,
  unheldYears,
  writesCodeName,
  type SentenceTerms,
} from './answer-support';
import {
  absentWords,
  analyseQuestion,
  bigramsOf,
  type QuestionAnalysis,
} from './question-analysis';
import { sentenceMatchesCues } from './question-cues';
import { SentenceVectorCache } from './sentence-vector-cache';
import { SentenceVectorExtras } from './sentence-vector-extras';
import { shortAnswer, spanContext, writtenKind } from './short-answer';
import {
  askedSettingProperty,
  type SettingProperty,
  statesSettingProperty,
} from './stated-setting';
import { askedNamedKind, namesKind } from './named-kind';
import { entryConcernsOptions, optionNames, writesOption } from './option-names';
import { askedParameters, signatureParameters, writesParameter } from './parameter-names';
import { quotesTerm, termNamesSubject, termShortName } from './term-naming';
import { stemTerm } from './term-stem';
import {
  NOT_FOUND_ANSWER,
  type Answer,
  type Answerer,
  type AnswerOptions,
  type AnswerRequest,
  type Passage,
} from './types';
import { asksIfStill, asksYesOrNo, givesVerdict, saysChanged } from './verdicts';
import { changedInVersion, supersedingNote, withoutVersionLabel } from './version-notes';

/**
 * How many of the best sentences a relevance model reorders: of the SQuAD questions answered,
 * the sentence holding the answer is the answerer's first for 74–75 %, among its first 5 for
 * 92–94 % (2,000 questions, both halves), and a cross-encoder's pick of 5 held it more often
 * than of 3, and about as often as of 8 (for less work).
 */
const RERANKED_CANDIDATES = 5;
/**
 * ms-marco-MiniLM-L-12-v2 alone (an infinite weight) picks better on SQuAD (+3 and +4.5 points
 * of containment) and worse on real documents (−5 facts of 68: it prefers a sentence restating
 * the question to a table row, a byline's date or an author list that answers it); 0.15 keeps
 * the answerer's cues and names in charge: +1.8 / +1.7 points, −1 fact of 68, and on the git
 * manual −3 and +1 of 66 ("pack.windowMemory" read for "pack.window"). Round twelve.
 */
const RERANK_WEIGHT = 0.15;

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
   * Below this evidence the answer is "not found". Evidence is 0.7 × the share of the question's
   * terms (weighted by their rarity in the whole collection) that its best-covering sentence
   * holds, with the words of that sentence's document name, + 0.3 × the cosine similarity of
   * the best-ranked passage. A collection that answers a question nearly always restates most
   * of it in one sentence; one that merely resembles it shares a few words with each passage.
   * Needs `termCounts` (else the share is judged from the passages' own word counts). Default
   * 0.38, calibrated with `pnpm bench:quality`'s unanswerable set for the offline model.
   */
  minEvidence?: number;
  /**
   * Whether a question is "not found" when it names a thing (a noun, a name, a number) that no
   * chunk of the collection holds, or when no sentence holds the names it mentions. Default true;
   * off, only the evidence threshold decides (the bench's "without thresholds" rows).
   */
  requireSubjects?: boolean;
  /** Sentence embeddings kept for reuse (default 50 000; 0 disables). */
  cacheSize?: number;
  /**
   * How many sentences, the best by their words, cues and rank, are compared with the question in
   * meaning (with their stored vectors, else embedded now); the others keep their score without
   * it. Default 8.
   */
  semanticCandidates?: number;
  weights?: Partial<ScoreWeights>;
  /**
   * A relevance model's score of each sentence as an answer to the question, higher better (a
   * cross-encoder, which reads the two together). When given, the answerer's best
   * `rerankedCandidates` sentences are put in its order before the answer is chosen among them:
   * word and vector evidence find the answering sentence's neighbourhood, reading the question
   * with the sentence tells which of a few close ones answers it.
   */
  rankSentences?: (question: string, sentences: string[]) => Promise<number[]>;
  /**
   * The least similarity (dot product of the embedder's vectors) a word naming the thing asked
   * for, which no chunk of the collection holds, must have with the answering sentence: "which
   * font…" is answered by "Body text uses Inter" (0.50 with MiniLM), "what is the pupate for
   * separation results…" was asked of another collection (−0.01). Unset: not checked (its scale
   * is the model's; `modelCalibration` gives it for the models measured).
   */
  askedWordSimilarity?: number;
  /** How many of the best sentences `rankSentences` reorders (default 5). */
  rerankedCandidates?: number;
  /**
   * The relevance model's weight against the answerer's own score (a sentence's score is about
   * 0.5): default 0.15. Higher trusts the model more (below).
   */
  rerankWeight?: number;
  /**
   * Called with every candidate sentence of an ask that got past the support checks, best first,
   * with the signals it was ranked by: for the bench's fitting and failure analysis, never needed
   * to answer.
   */
  onRanked?: (ranked: RankedSentence[]) => void;
}

/** The signals a candidate sentence is ranked by, each in [0, 1]. */
export interface SentenceSignals {
  lexical: number;
  semantic: number;
  cue: number;
  phrase: number;
  names: number;
  rank: number;
  previous: number;
  /** 1 when the sentence adds no word to the question. */
  restates: number;
  /** 1 when the question asks for a kind of thing and the sentence holds none. */
  lacksCue: number;
}

export interface RankedSentence {
  text: string;
  passageIndex: number;
  /** Its place among the passage's answer units. */
  position: number;
  block: number;
  /** The option or setting a description describes: its answer reads "term: sentence". */
  term?: string;
  signals: SentenceSignals;
  score: number;
}

export interface ScoreWeights {
  lexical: number;
  semantic: number;
  cue: number;
  rank: number;
  /** Question bigrams found verbatim in the sentence. */
  phrase: number;
  /** The question's names held by the sentence itself, not only by its page or section. */
  names: number;
  /** Factor on a sentence lacking the kind of thing the question asks for. */
  missingCue: number;
  /** Factor on a sentence that adds no word to the question (it restates it, answers nothing). */
  restatement: number;
  /**
   * Factor on a sentence that points elsewhere for what it is about ("Figure 3-1 illustrates the
   * incident response life cycle.", "See Section 4.2…"), unless a part of the document is asked.
   */
  pointer: number;
  /**
   * Factor on a paragraph line that is a title ("Initial Sequence Number Selection"): a PDF's
   * heading sits in the text and holds the question's words, but says nothing of them.
   */
  title: number;
  /**
   * The question's words (by rarity) that only the previous sentence of the same paragraph
   * holds: a sentence often answers what the one before it set up ("… impossible to sustain a
   * large population. Archeologist Betty Meggers was a prominent proponent of this idea").
   */
  previous: number;
}

interface Candidate extends SentenceTerms, HeldTerms {
  passageIndex: number;
  position: number;
  unit: AnswerUnit;
  text: string;
  /** Stems of the sentence. */
  terms: Set<string>;
  /** Stems of what the sentence is about without saying it: its label, row key, columns. */
  context: Set<string>;
  /** Stems of its whole block (paragraph, list item, panel), for the names it must hold. */
  block: Set<string>;
  /** Stems in sentence order, for phrase matches. */
  sequence: string[];
  wordCount: number;
  lexical: number;
  semantic: number;
  cue: number;
  signals: SentenceSignals;
  /** Weighted evidence without the semantic similarity. */
  base: number;
  /** Penalties: a restatement of the question, a missing kind of thing asked for. */
  factor: number;
  score: number;
}

/**
 * Fitted together, not one by one: a listwise logistic regression over the candidate sentences
 * of 1,000 SQuAD questions of the even half (`bench/src/tools/sentence-choice.ts`, which prints
 * these), scaled to the lexical weight; `restatement` kept (no SQuAD candidate restates).
 */
const DEFAULT_WEIGHTS: ScoreWeights = {
  lexical: 0.5,
  semantic: 0.33,
  cue: 0.06,
  rank: 0.12,
  phrase: 0.15,
  names: 0.01,
  missingCue: 0.91,
  restatement: 0.5,
  // Set by hand, as restatement: SQuAD's prose has no figures to point to.
  pointer: 0.5,
  title: 0.5,
  previous: 0.12,
};

const NO_SIGNALS: SentenceSignals = {
  lexical: 0,
  semantic: 0,
  cue: 0,
  phrase: 0,
  names: 0,
  rank: 0,
  previous: 0,
  restates: 0,
  lacksCue: 0,
};

/** How far below the best a sentence defining the thing asked about may rank and still answer. */
const DEFINING_SCORE_SHARE = 0.8;
/**
 * As far below for a question surely asking what a thing is ("What is AutoGen used for?"): its
 * words match a sentence about use better than the one saying what the thing is.
 */
const CERTAIN_DEFINING_SHARE = 0.5;
/** "Which exception…", "What does get() raise…": a class of exception is asked for. */
const ASKS_EXCEPTION =
  /\b(?:which|what)\s+(?:\S+\s+){0,2}?(?:exception|error|warning)s?\b(?!\s+(?:message|code|text|log))|^\s*what\s+(?:does|do|did|will|would|can|could)\s+.+\braise\b/i;
/** An exception's class as code names it: "JSONDecodeError", "FileNotFoundError", "queue.Empty". */
const NAMES_EXCEPTION =
  /\b(?:\p{Lu}[\p{L}\p{N}]*(?:Error|Exception|Warning|Exit|Interrupt)|[a-z_]+\.\p{Lu}\p{Ll}+)\b/u;
/**
 * How far below the best a sentence describing the option a question names may rank and answer:
 * the question is about that option, whatever words the others share with it.
 */
const ASKED_OPTION_SHARE = 0.6;
/** How far below the best a sentence saying a thing changed may rank and answer "still…?". */
const CHANGE_SHARE = 0.7;
/** How far below the best a sentence ruling on a yes-or-no question may rank and answer. */
const VERDICT_SHARE = 0.75;
/** How far below the best a sentence naming the kind of thing asked for may rank and answer. */
const NAMED_KIND_SHARE = 0.8;
/** How close to the best a sentence of its passage stating the default asked for must rank. */
const STATED_NEARBY_SHARE = 0.85;

/**
 * A sentence that sends the reader to another part of the document or to other documents for
 * what it is about: "Figure 3-1 illustrates…", "Table 2 lists…", "See Section 4.2…", "The reader
 * should refer to the following references…".
 */
const POINTS_ELSEWHERE =
  /^(?:(?:figure|fig\.|table|section|appendix|chapter|annex|exhibit)\s+[\w.-]+\s+(?:illustrates|shows|depicts|lists|summari[sz]es|presents|provides|describes|outlines|gives|contains)\b|(?:see|refer to)\s)|\b(?:should|may|can)\s+refer\s+to\b/i;
/**
 * A title: up to eight words, each capitalised or a short linking word, with no punctuation
 * ending a sentence or a clause ("Initial Sequence Number Selection", "3.2 Data Flow").
 */
const TITLE =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:\p{Lu}[\p{L}\p{N}'’-]*|\d[\p{L}\p{N}.-]*)(?:\s+(?:\p{Lu}[\p{L}\p{N}'’-]*|\d[\p{L}\p{N}.-]*|of|and|or|the|for|to|in|on|a|an|by|with|vs\.?)){0,7}$/u;

/** A sentence asking: it ends with a question mark. */
const QUESTION = /\?["'”’)\]]?$/;

/** "Which figure…", "what section…": a part of the document is what is asked. */
const DOCUMENT_PARTS = [
  'figure',
  'table',
  'section',
  'appendix',
  'chapter',
  'annex',
  'exhibit',
  'reference',
].map(stemTerm);

/** A sentence that ends announcing what follows it. */
const LEAD_IN = /:\s*$/;
/** An item's number or bullet left in a paragraph's text (a PDF's list): "2. ", "(b) ", "• ". */
const ITEM_MARKER = /^(?:\(?(?:\d{1,2}|[a-z])[.)]|[•▪◦‣–-])\s/;

/** A sentence opening with a word that stands for something said before. */
const REFERS_BACK = /^(?:they|it|this|these|those|its|their|he|she|his|her|such)\b/i;

/**
 * Answers without an LLM: the sentence of the retrieved passages that answers the question,
 * quoted verbatim without markup (the chunk's layout says what is a list marker, a panel title,
 * a table's header, code), with the words that answer a question asking for a thing as its
 * short answer — or "not found" when the collection does not hold what the question is about.
 * It never writes a word that is not in the passages.
 */
export class ExtractiveAnswerer implements Answerer {
  // It quotes one passage: refs put that passage first, the others by rank.
  readonly citesPassages = false;
  readonly readsTermCounts = true;
  /** Sentence vectors stored at ingestion spare embedding the sentences it ranks when asked. */
  readonly chunkExtras: SentenceVectorExtras;
  private readonly maxWords: number;
  private readonly minScore: number;
  private readonly minEvidence: number;
  private readonly requireSubjects: boolean;
  private readonly weights: ScoreWeights;
  private readonly cache: SentenceVectorCache;
  private readonly semanticCandidates: number;

  constructor(private readonly options: ExtractiveAnswererOptions) {
    this.maxWords = options.maxWords ?? 45;
    this.chunkExtras = new SentenceVectorExtras(options.maxWords);
    this.minScore = options.minScore ?? 0.2;
    this.minEvidence = options.minEvidence ?? 0.38;
    this.requireSubjects = options.requireSubjects ?? true;
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.cache = new SentenceVectorCache(options.cacheSize ?? 50_000);
    this.semanticCandidates = options.semanticCandidates ?? 8;
    warmEnglishTagger();
  }

  async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<Answer> {
    options.signal?.throwIfAborted();
    const lap = (stage: string) => options.onStage?.(stage);
    const candidates = this.candidates(request.passages);
    lap('sentences');
    if (candidates.length === 0) return notFound('no-candidates');

    const question = analyseQuestion(request.question, request.standaloneQuestion);
    lap('question');
    const idf = inverseDocumentFrequency(candidates);
    const topicByPassage = request.passages.map(
      (p) => new Set(contextTerms(`${p.docName} ${p.headings}`)),
    );
    for (const c of candidates) c.held = union(c.terms, c.context, topicByPassage[c.passageIndex]!);
    const neighbour = blockNeighbours(candidates);
    const rarity = request.termCounts ? collectionRarity(request.termCounts) : idf;
    // The question's words no chunk holds: subjects stop the ask here, asked-for words are
    // checked against the answering sentence below.
    const absent =
      this.requireSubjects && request.termCounts
        ? absentWords(
            question,
            request.termCounts.byWord,
            passageWords(request.passages),
            passageNames(request.passages),
          )
        : undefined;
    if (absent && absent.subjects.length > 0) {
      return notFound('absent-subject');
    }
    // Words no chunk holds — misspelt ("Primeier") or past the subject rule — no sentence could
    // hold, so none is required of one, nor weighed as evidence when the asker supplied it.
    const absentStems = new Set(
      [...(request.termCounts?.byWord ?? [])].filter(([, n]) => n === 0).map(([w]) => stemTerm(w)),
    );
    if (
      this.requireSubjects &&
      (absentOptions(request.standaloneQuestion, request.passages).length > 0 ||
        absentHyphenedNames(
          request.standaloneQuestion,
          request.passages,
          request.termCounts?.byWord,
        ).length > 0 ||
        unheldAbbreviations(request.standaloneQuestion, request.passages).length > 0 ||
        unheldCapitalPhrases(request.standaloneQuestion, request.passages).length > 0 ||
        unheldYears(request.standaloneQuestion, request.passages).length > 0)
    ) {
      return notFound('absent-subject');
    }
    if (
      evidence(candidates, evidenceWeights(question, absentStems), rarity, request.passages) <
      this.minEvidence
    ) {
      return notFound('low-evidence');
    }
    lap('support');
    this.score(candidates, question, idf, neighbour);
    lap('scoring');
    await abortable(this.addMeaning(candidates, request), options.signal);
    lap('meaning');

    const ranked = [...candidates].sort((a, b) => b.score - a.score);
    await abortable(this.rerank(ranked, request.standaloneQuestion), options.signal);
    lap('rerank');
    this.options.onRanked?.(
      ranked.map((c) => ({
        text: c.text,
        passageIndex: c.passageIndex,
        position: c.position,
        block: c.unit.block,
        ...(c.unit.term !== undefined && { term: c.unit.term }),
        signals: { ...c.signals, semantic: c.semantic },
        score: c.score,
      })),
    );
    const subjects = questionSubjects(
      question,
      rarity,
      absentStems,
      request.termCounts ? commonNames(question, request.termCounts) : new Set(),
    );
    const documentNames = namesOfDocuments(request.passages, question);
    const identifiers = identifiersOf(request.question);
    const answersAsAsked = askedAnswerCheck(question, candidates);
    carryNames(candidates, new Set(subjects.required));
    const earlier = earlierWords(candidates);
    const holdsNames = (c: Candidate) =>
      !this.requireSubjects ||
      (holdsSubjects(
        c,
        subjects,
        union(topicByPassage[c.passageIndex]!, documentNames[c.passageIndex]!),
        question.abbreviations,
        earlier(c),
      ) &&
        !namesAnotherIdentifier(`${c.unit.context} ${c.text}`, identifiers) &&
        answersAsAsked(c));
    const top = ranked[0]!;
    // A sentence that names other things than the question does, ranked far below the first,
    // is a neighbour's fact rather than the answer.
    const near = (c: Candidate) => c === top || c.score >= 0.6 * top.score;
    const named = ranked.find(holdsNames);
    if (!named) return notFound('names-not-held');
    if (named.score < this.minScore) return notFound('low-score');
    if (!near(named)) return notFound('neighbour');
    let best = named;
    // Of the sentences ranked within `share` of the best, those that are `wanted` and hold what
    // the question is about, best first: what the preferences below choose from.
    const nearBest = (share: number, wanted: (c: Candidate) => boolean) =>
      ranked.filter((c) => c.score >= share * best.score && wanted(c) && holdsNames(c));
    if (this.requireSubjects && question.focus.length > 0) {
      // The question's focus ("which encryption algorithm", "what port"): a sentence that lacks
      // it may still answer ("the Denver Broncos" for "which team"), but not when another
      // document's sentence says it of a twin (Heron's and Skylark's pages their ports, Plover's
      // page none): then the best sentence about the question's thing is a neighbour's fact.
      const holdsFocus = (c: Candidate) => holdsFocusWords(c, question.focus);
      if (!holdsFocus(named)) {
        const document = documentOf(request.passages, named);
        const stating = ranked.filter(holdsFocus);
        const here = stating.filter((c) => documentOf(request.passages, c) === document);
        // The next sentence of its block when it refers back and says it ("Its IP address is
        // 10.30.4.15." after "The Leeds printer is a Canon…"): the same thing's fact.
        const next = neighbour(named, 1);
        if (next && holdsFocus(next) && REFERS_BACK.test(next.text)) best = next;
        else if (here.length === 0) {
          // "Which port does Plover listen on?": Heron's "Heron listens on TCP port 9120" says
          // the port and every other word the Plover sentence shares with the question — the
          // question asks of Plover what only its twin's page says.
          const shared = (c: Candidate) => sharedQuestionWords(c, question);
          const own = shared(named);
          const twin = stating.some((c) => {
            const theirs = shared(c);
            return theirs.size > own.size && [...own].every((t) => theirs.has(t));
          });
          if (twin) return notFound('twin-states-focus');
        }
      }
    }

    // Asked what a thing is, the sentence that says it ("A precursor is a sign that…") answers,
    // when it ranks near the best: the best may only mention the thing ("Common Sources of
    // Precursors and Indicators").
    const subject = definedSubject(request.standaloneQuestion);
    // A description goes on after a code block under the same term ("…$ git reset --soft HEAD^
    // … but can be used to amend a merge commit."): only its first sentence opens it.
    const termOpenings = new Set<Candidate>();
    const openedTerms = new Set<string>();
    for (const c of subject === null ? [] : candidates) {
      const key = `${c.passageIndex}\u0000${c.unit.term}`;
      if (c.unit.term === undefined || openedTerms.has(key)) continue;
      openedTerms.add(key);
      termOpenings.add(c);
    }
    // An option's or subcommand's description says what it is: "pop [--index] [<stash>]: Remove
    // a single stashed state…" defines "git stash pop", whose page names the rest — its first
    // sentence, under the term or under a section titled by it.
    const says = (c: Candidate, s: DefinedSubject) =>
      (c.unit.termStart !== undefined &&
        termOpenings.has(c) &&
        termNamesSubject(c.unit.term!, s.words, request.standaloneQuestion)) ||
      (c.position === 0 &&
        termNamesSubject(
          request.passages[c.passageIndex]!.headings.split(' > ').at(-1) ?? '',
          s.words,
          request.standaloneQuestion,
        ))
        ? 'is'
        : definition(c.text, s);
    if (subject?.expands) {
      // What an abbreviation stands for is said by a sentence spelling it out, or by none.
      const spelling = ranked.find(
        (c) => acronymExpansion(c.text, subject) !== null && holdsNames(c),
      );
      if (!spelling) return notFound('no-expansion');
      best = spelling;
    } else if (subject && says(best, subject) !== 'is') {
      // Saying what it is ("AutoGen is an open-source framework…") before what it does
      // ("AutoGen serves as a generic framework…").
      const near = ranked.filter(
        (c) =>
          c.score >=
            (subject.certain ? CERTAIN_DEFINING_SHARE : DEFINING_SCORE_SHARE) * best.score &&
          holdsNames(c),
      );
      const defining =
        near.find((c) => says(c, subject) === 'is') ??
        (definesSubject(best.text, subject)
          ? undefined
          : near.find((c) => definesSubject(c.text, subject)));
      if (defining) best = defining;
    }

    // "Who is the guide intended for?": of sentences near the best, the one saying "intended
    // for" (the verb with its preposition, which the words alone do not tell from "intended to
    // guide").
    const phrases = participlePhrases(request.standaloneQuestion);
    const saysPhrase = (c: Candidate) => phrases.some((phrase) => phrase.test(c.text));
    if (phrases.length > 0 && !saysPhrase(best)) {
      best = nearBest(DEFINING_SCORE_SHARE, saysPhrase)[0] ?? best;
    }

    // "Which exception does json.loads() raise…?": of sentences near the best, one naming an
    // exception's class ("…a JSONDecodeError will be raised."), when the best names none ("This
    // can be used to raise an exception if…").
    if (ASKS_EXCEPTION.test(request.standaloneQuestion) && !NAMES_EXCEPTION.test(best.text)) {
      best = nearBest(DEFINING_SCORE_SHARE, (c) => NAMES_EXCEPTION.test(c.text))[0] ?? best;
    }

    // "Do I still need SSLCertificateChainFile…?": of sentences near the best, one saying it
    // changed ("…became obsolete with version 2.4.8…"), when the best does not.
    const yesOrNo = asksYesOrNo(request.standaloneQuestion);
    if (yesOrNo && asksIfStill(request.standaloneQuestion) && !saysChanged(best.text)) {
      best = nearBest(CHANGE_SHARE, (c) => saysChanged(c.text))[0] ?? best;
    }

    // "Can I open a BEGIN inside another BEGIN?": of its document's sentences near the best, one
    // that rules ("Transactions created using BEGIN...COMMIT do not nest."), when the best does
    // not.
    if (yesOrNo && !givesVerdict(best.text)) {
      const document = documentOf(request.passages, best);
      best =
        nearBest(
          VERDICT_SHARE,
          (c) => documentOf(request.passages, c) === document && givesVerdict(c.text),
        )[0] ?? best;
    }

    // "What ends up in the output of pg_dump -a?": a sentence under another option's name ("-f
    // --file: This parameter can be omitted for file based output formats…") is about that
    // option. Near it, the option's own description answers, from its first sentence ("-a
    // --data-only: Dump only the data…").
    const underAsked = (c: Candidate) =>
      c.unit.term !== undefined && writesOption(c.unit.term, question.options);
    // Unless the best's entry is about the question's option too ("-C: This flag is only allowed
    // in combination with -B" for "What bcrypt cost does htpasswd -B use…?").
    const relatedOption = (c: Candidate) =>
      c.unit.term !== undefined &&
      entryConcernsOptions(
        c.unit.term,
        candidates
          .filter((o) => o.passageIndex === c.passageIndex && o.unit.term === c.unit.term)
          .map((o) => o.text),
        question.options,
        question.terms,
      );
    if (question.options.length > 0 && !underAsked(best) && !relatedOption(best)) {
      const own = nearBest(ASKED_OPTION_SHARE, underAsked);
      const top = own[0];
      if (top) {
        best = own
          .filter((c) => c.passageIndex === top.passageIndex && c.unit.term === top.unit.term)
          .reduce((a, c) => (c.position < a.position ? c : a), top);
      }
    }

    // "What does ignore_errors do in shutil.rmtree()?": of the sentences of its section (the
    // function's entry) near the best, one whose prose writes the parameter asked about, when the
    // best's does not.
    const parameters = askedParameters(
      request.standaloneQuestion,
      signatureParameters(
        [
          request.passages[best.passageIndex]!.headings,
          best.unit.term,
          best.text,
          request.standaloneQuestion,
        ].join(' '),
      ),
    );
    if (parameters.length > 0 && !writesParameter(best.text, parameters)) {
      const entry = sectionOf(request.passages, best);
      best =
        nearBest(
          DEFINING_SCORE_SHARE,
          (c) => sectionOf(request.passages, c) === entry && writesParameter(c.text, parameters),
        )[0] ?? best;
    }

    // "Which directive sets…?", "Which signal triggers…?": of sentences near the best, one
    // naming a thing of that kind ("The CacheDefaultExpire directive specifies…"), when the best
    // names none ("…a 200 OK response is only cached if…").
    const kind = askedNamedKind(request.standaloneQuestion);
    const namesAsked = (c: Candidate) => kind !== null && namesKind(c.text, kind, c.unit.term);
    if (kind !== null && !namesAsked(best)) {
      best = nearBest(NAMED_KIND_SHARE, namesAsked)[0] ?? best;
    }

    // "Changed in version 3.5: If max_workers is None…" is history when a later note of its
    // document, near it, changed the same thing again.
    if (changedInVersion(best.text)) {
      const document = documentOf(request.passages, best);
      const nearby = nearBest(
        DEFINING_SCORE_SHARE,
        (c) => documentOf(request.passages, c) === document,
      );
      best = supersedingNote(best, nearby, [...subjects.required, ...subjects.others]) ?? best;
    }

    // "What is the first step…?" of a numbered list: its first item, whichever ranks best.
    const ordinal = askedOrdinal(request.standaloneQuestion);
    if (ordinal !== null) best = numberedItem(best, candidates, request.passages, ordinal) ?? best;

    // A sentence stating the default asked for is the answer alone: what follows it in the
    // description is about other values.
    const stated = sentenceStatingProperty(best, ranked, question, holdsNames);
    if (stated) best = stated;
    if (absent && !(await abortable(this.relatesAskedWords(best, absent.asked), options.signal))) {
      return notFound('asked-word-unrelated');
    }
    const chosen = stated ? [stated] : this.compose(best, question, neighbour);
    // An option's description answers "which option…" with the option's name.
    const term =
      best.unit.term !== undefined &&
      quotesTerm(request.standaloneQuestion, best.text, best.unit.term)
        ? best.unit.term
        : undefined;
    lap('support');
    const passages = request.passages;
    const used: string[] = [];
    for (const c of chosen) {
      const id = passages[c.passageIndex]!.id;
      if (!used.includes(id)) used.push(id);
    }
    // Asked which option, the option's name is the short answer. Otherwise the page's title may
    // well be the answer ("Heron" on the Heron page): only the question's own words are not.
    const expansion = subject?.expands ? acronymExpansion(best.text, subject) : null;
    // The sentence saying what the thing is answers "What is the X?" whole: no span of it does.
    // "What is the default lock timeout?" is answered by "The default lock timeout is 2
    // minutes.": unless sure a definition is asked for, only one saying what X is defines it.
    const defined =
      subject !== null &&
      !subject.expands &&
      (subject.certain ? says(best, subject) !== 'none' : says(best, subject) === 'is');
    // Each sentence tagged once: the kind check below and the short answer read the same spans.
    const context = spanContext(question);
    const spans = new Map<string, string | null>();
    const spanOf = (text: string) => {
      if (!spans.has(text)) {
        spans.set(
          text,
          shortAnswer(request.standaloneQuestion, withoutVersionLabel(text), context),
        );
      }
      return spans.get(text)!;
    };
    // A second sentence is quoted for what the first lacks: its span answers when the first has
    // none ("They are found in a Schematron document ssp.sch.").
    const second = chosen.length === 2 && !LEAD_IN.test(best.text) ? chosen[1] : undefined;
    // "Which port does the TLS handshake use?" answered by a sentence that says no port, and no
    // number either, is answered by a neighbour's words ("…references for analysis of the TLS
    // handshake: [DFGS15]…").
    const asked = writtenKind(request.standaloneQuestion, context);
    if (
      this.requireSubjects &&
      term === undefined &&
      expansion === null &&
      !defined &&
      question.focus.length > 0 &&
      asked !== null &&
      chosen.every((c) => !holdsFocusWords(c, question.focus) && !asked.test(spanOf(c.text) ?? ''))
    ) {
      return notFound('kind-not-held');
    }
    // "What is the ISN?" asks what the ISN is: a span naming it ("new 32 bit ISN") says it
    // again. The words it abbreviates, when the sentence spells it out, are an answer.
    const subjectFree = (span: string | null, sentence: string) =>
      subject !== null && span !== null && namesAll(span, subject.words)
        ? acronymExpansion(sentence, subject)
        : span;
    const short =
      term !== undefined
        ? termShortName(term)
        : expansion !== null
          ? expansion
          : defined
            ? null
            : subjectFree(spanOf(best.text) ?? (second ? spanOf(second.text) : null), best.text);
    lap('short-answer');
    const quoted = chosen.map((c) => c.text);
    if (term !== undefined) quoted[0] = `${term}: ${quoted[0]}`;
    return {
      text: quoted.join(' '),
      usedPassageIds: used,
      found: true,
      shortAnswer: short,
      quotes: chosen.map((c) => ({
        passageId: passages[c.passageIndex]!.id,
        start: c === best && term !== undefined ? (c.unit.termStart ?? c.unit.start) : c.unit.start,
        end: c.unit.end,
      })),
    };
  }

  private score(
    candidates: Candidate[],
    question: QuestionAnalysis,
    idf: Map<string, number>,
    neighbour: BlockNeighbour,
  ): void {
    const questionStems = new Set(question.terms.keys());
    const asksForPart = DOCUMENT_PARTS.some((part) => question.terms.has(part));
    for (const candidate of candidates) {
      // The words of a sentence's document name and sections belong to each of its sentences:
      // they rank documents against each other and weigh the same for every sentence of one.
      const held = candidate.held;
      candidate.lexical = lexicalCoverage(held, question.terms, idf);
      const before = neighbour(candidate, -1);
      const setUp = before
        ? Math.max(
            0,
            lexicalCoverage(union(held, before.terms), question.terms, idf) - candidate.lexical,
          )
        : 0;
      // "How many times": a number of times, not any number.
      const counts = !question.unit || candidate.terms.has(question.unit);
      candidate.cue =
        question.cues.length > 0 &&
        counts &&
        sentenceMatchesCues(candidate.text, question.cues, questionStems)
          ? 1
          : 0;
      const phrase = phraseOverlap(question.bigrams, candidate.sequence);
      const names =
        question.names.size === 0
          ? 0
          : [...question.names].filter((n) => candidate.terms.has(n) || candidate.context.has(n))
              .length / question.names.size;
      const rankPrior = 1 / (1 + candidate.passageIndex);
      candidate.base =
        this.weights.lexical * candidate.lexical +
        this.weights.cue * candidate.cue +
        this.weights.phrase * phrase +
        this.weights.names * names +
        this.weights.rank * rankPrior +
        this.weights.previous * setUp;
      // A sentence that only restates the question answers nothing; one without the kind of
      // thing asked for (a person for "who", a time for "when") rarely answers it.
      const restates = addsToQuestion(candidate.terms, questionStems) ? 0 : 1;
      const lacksCue = question.cues.length > 0 && candidate.cue === 0 ? 1 : 0;
      candidate.signals = {
        lexical: candidate.lexical,
        semantic: 0,
        cue: candidate.cue,
        phrase,
        names,
        rank: rankPrior,
        previous: setUp,
        restates,
        lacksCue,
      };
      const points = !asksForPart && POINTS_ELSEWHERE.test(candidate.text);
      const title = candidate.unit.kind === 'paragraph' && TITLE.test(candidate.text);
      // A question ("4. Which personnel would be involved…?", an FAQ's) answers nothing; it
      // stays a candidate for what the sentence after it answers.
      const asks = QUESTION.test(candidate.text);
      candidate.factor =
        (restates ? this.weights.restatement : 1) *
        (lacksCue ? this.weights.missingCue : 1) *
        (points ? this.weights.pointer : 1) *
        (title ? this.weights.title : 1) *
        (asks ? 0 : 1);
      candidate.score = candidate.base * candidate.factor;
    }
  }

  /** The passages' sentence vectors stored at ingestion, by their text's key. */
  private storedSentenceVectors(passages: Passage[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    for (const passage of passages) {
      for (const { key, vector } of this.chunkExtras.read(passage)) out.set(key, vector);
    }
    return out;
  }

  /**
   * Whether the words of the thing asked for that the collection lacks (`asked`) are near the
   * answering sentence in meaning (`askedWordSimilarity`); true when there are none or it is unset.
   */
  private async relatesAskedWords(best: Candidate, asked: string[]): Promise<boolean> {
    const floor = this.options.askedWordSimilarity;
    if (floor === undefined) return true;
    if (asked.length === 0) return true;
    // The sentence alone: a vector stored at ingestion also carries its section's context, which
    // dilutes the words that answer (0.11–0.34 against 0.20–0.50 for the fixtures' answers).
    const [sentence] = await this.cache.embed([best.text], (texts) =>
      this.options.embedTexts(texts),
    );
    const vectors = await Promise.all(asked.map((word) => this.options.embedQuery(word)));
    return vectors.every((vector) => dot(vector, sentence!) >= floor);
  }

  /**
   * Reorders the best few of `ranked` (sorted by score), in place, by their score plus the
   * relevance model's, squashed to [0, 1] and weighed by `rerankWeight`.
   */
  private async rerank(ranked: Candidate[], question: string): Promise<void> {
    const { rankSentences } = this.options;
    if (!rankSentences || ranked.length < 2) return;
    // The model reads a setting's name as its neighbour's ("pack.window", "pack.windowMemory"),
    // where the answerer's words tell them apart.
    if (writesCodeName(question)) return;
    const weight = this.options.rerankWeight ?? RERANK_WEIGHT;
    // The model adds at most `weight`: a sentence further than that below the first cannot
    // overtake it, so it is not read (most asks then need no model at all).
    const first = ranked[0]!.score;
    const head = ranked
      .slice(0, this.options.rerankedCandidates ?? RERANKED_CANDIDATES)
      .filter((c) => c.score >= first - weight);
    if (head.length < 2) return;
    const logits = await rankSentences(
      question,
      head.map((c) => c.text),
    );
    const order = head.map((c, i) => ({
      c,
      score: c.score + weight / (1 + Math.exp(-(logits[i] ?? -Infinity))),
      i,
    }));
    // Ties keep the answerer's order.
    order.sort((a, b) => b.score - a.score || a.i - b.i);
    order.forEach(({ c }, i) => (ranked[i] = c));
  }

  /**
   * Meaning decides between the sentences the words already favour: every sentence with a
   * vector stored at ingestion (a dot product each), and the best `semanticCandidates` of the
   * others, embedded now.
   */
  private async addMeaning(candidates: Candidate[], request: AnswerRequest): Promise<void> {
    const stored = this.storedSentenceVectors(request.passages);
    const storedOf = new Map(candidates.map((c) => [c, stored.get(answerUnitKey(c.unit.text))]));
    const unstored = [...candidates]
      .filter((c) => storedOf.get(c) === undefined)
      .sort((a, b) => b.score - a.score)
      .slice(0, this.semanticCandidates);
    const [questionVector, fresh] = await Promise.all([
      request.questionVector ?? this.options.embedQuery(request.standaloneQuestion),
      unstored.length === 0
        ? []
        : this.cache.embed(
            unstored.map((c) => c.unit.text),
            (texts) => this.options.embedTexts(texts),
          ),
    ]);
    const vectors = new Map(unstored.map((c, i) => [c, fresh[i]!]));
    for (const candidate of candidates) {
      const vector = storedOf.get(candidate) ?? vectors.get(candidate);
      if (!vector) continue;
      candidate.semantic = Math.max(0, dot(questionVector, vector));
      candidate.score =
        (candidate.base + this.weights.semantic * candidate.semantic) * candidate.factor;
    }
  }

  /**
   * The answer's sentences: the best one; after it, the next sentence of its block when it lacks
   * the kind of thing asked for and the next has it, when the question asks for several
   * things and the next refers back to it and adds one, or when the best one only introduces
   * what the next one is about. Never more than two, never past the word cap — but a lead-in
   * ending in a colon takes what follows it up to the cap, and its first item whatever its length.
   */
  private compose(
    best: Candidate,
    question: QuestionAnalysis,
    neighbour: BlockNeighbour,
  ): Candidate[] {
    const fits = (other: Candidate) => best.wordCount + other.wordCount <= this.maxWords;
    // A lead-in ("…with adherence to the following zero trust basic tenets:") says nothing by
    // itself: what follows it, in its block or the next ones (a PDF's list is paragraphs), does.
    if (LEAD_IN.test(best.text)) {
      // Each item by its first sentence: "tenets: 1. All data sources… 2. All communication…".
      const out = [best];
      let words = best.wordCount;
      for (let offset = 1; ; offset++) {
        const following = neighbour(best, offset, true);
        if (!following || (out.length > 1 && words + following.wordCount > this.maxWords)) break;
        const item =
          out.length === 1 ||
          following.unit.block !== out.at(-1)!.unit.block ||
          ITEM_MARKER.test(following.text);
        if (!item) continue;
        out.push(following);
        words += following.wordCount;
      }
      return out;
    }
    const next = neighbour(best, 1);
    if (next && fits(next)) {
      const completes = question.cues.length > 0 && best.cue === 0 && next.cue > 0;
      const adds =
        question.asksForSeveral &&
        REFERS_BACK.test(next.text) &&
        (next.cue > 0 || next.lexical > 0);
      // "Which Schematron document…?": "…for system security plan documents. They are found in
      // a Schematron document ssp.sch." — the next one names the thing of the kind asked for.
      const head = question.focus.at(-1) ?? [...question.asked].at(-1);
      const names =
        head !== undefined &&
        REFERS_BACK.test(next.text) &&
        namesOfKind(next.text, head) &&
        !namesOfKind(best.text, head);
      if (completes || adds || names || introduces(best, next, question)) return [best, next];
    }
    return [best];
  }

  private candidates(passages: Passage[]): Candidate[] {
    const out: Candidate[] = [];
    for (const [passageIndex, passage] of passages.entries()) {
      const units = answerUnits(passage.text, decodeChunkLayout(passage.layout), this.maxWords);
      const blocks = new Map<number, Set<string>>();
      for (const unit of units) {
        const block = blocks.get(unit.block) ?? new Set<string>();
        for (const t of contextTerms(unit.text)) block.add(t);
        blocks.set(unit.block, block);
      }
      for (const [position, unit] of units.entries()) {
        const text = clip(unit.text, Math.ceil(this.maxWords * 1.5));
        const wordCount = text.split(' ').filter(Boolean).length;
        // Fragments say nothing on their own, but a short table row or figure can be the answer.
        const factual = unit.kind === 'table_row' || /\d/.test(text) || unit.context !== '';
        if (wordCount < 3 && !factual && units.length > 1) continue;
        const written = contentWords(text);
        const sequence = written.map(stemTerm);
        const context = new Set(contextTerms(unit.context));
        out.push({
          passageIndex,
          position,
          unit,
          text,
          terms: new Set([
            ...sequence,
            ...snakeCaseParts(written),
            ...optionNames(`${unit.term ?? ''} ${text}`),
          ]),
          context,
          block: union(blocks.get(unit.block)!, context),
          held: new Set(),
          sequence,
          wordCount,
          lexical: 0,
          semantic: 0,
          cue: 0,
          signals: NO_SIGNALS,
          base: 0,
          factor: 1,
          score: 0,
        });
      }
    }
    return out;
  }
}

/**
 * The question's own words, names and focus aside, that a sentence holds (with its label,
 * section titles and document name).
 */
function sharedQuestionWords({ held }: Candidate, question: QuestionAnalysis): Set<string> {
  const out = new Set<string>();
  for (const [term, weight] of question.terms) {
    if (weight < 1 || question.names.has(term) || question.focus.includes(term)) continue;
    if (held.has(term)) out.add(term);
  }
  return out;
}

/**
 * "What is the default value of gc.auto?", "the minimum length of an abbreviated name": a
 * setting's description states its default in a sentence of its own ("The default value is
 * 6700.") that holds few of the question's words, while the sentences beside it, on what the
 * setting does, hold more and say no default. The best sentence's block (or the description of
 * the same setting) then answers with the sentence that states the property asked for — one with
 * a value of the kind asked for, holding what the question is about.
 */
function sentenceStatingProperty(
  best: Candidate,
  ranked: Candidate[],
  question: QuestionAnalysis,
  holdsNames: (c: Candidate) => boolean,
): Candidate | undefined {
  // The history's words too: "And for gc.autoPackLimit?" after a question on gc.auto's default.
  const stems = new Set(question.terms.keys());
  const property = askedSettingProperty(stems);
  if (property === undefined || !asksForValue(question, property)) return undefined;
  if (statesSettingProperty(best.text, property)) return undefined;
  // A setting's value is a token of any form ('Default is "openpgp".'), so an identifier asked
  // for need not look like one; a count, an amount, a time, a place or a person must be there.
  const cues = question.cues.filter((cue) => cue.kind !== 'identifier');
  const sameTerm = (c: Candidate) => best.unit.term !== undefined && c.unit.term === best.unit.term;
  const stating = ranked.filter(
    (c) =>
      c !== best &&
      c.passageIndex === best.passageIndex &&
      statesSettingProperty(c.text, property) &&
      (cues.length === 0 || sentenceMatchesCues(c.text, cues, stems)) &&
      holdsNames(c),
  );
  const described = stating.filter((c) => c.unit.block === best.unit.block || sameTerm(c));
  // Of a block describing two settings, the default of the best sentence's own term first; a
  // description laid out as paragraphs ("…level is an integer from 0 to 9 or -1. … The default
  // value is -1.") has no block of its own: a sentence of its passage ranked close by says it.
  return (
    described.find(sameTerm) ??
    described[0] ??
    stating.find((c) => c.score >= STATED_NEARBY_SHARE * best.score)
  );
}

/**
 * Whether the question asks for the property's value ("What is the default value of…", "How
 * many … by default?", "Which encoding … by default?", "What does X default to?"), not what a
 * thing does by default ("What does git gc --auto do by default…?") — or a follow-up carries
 * the property from the question before it.
 */
function asksForValue(question: QuestionAnalysis, property: SettingProperty): boolean {
  const stem = stemTerm(property);
  // "Which encoding …", "What delta depth …": a kind of thing asked for is a value.
  if (question.asked.size > 0 || question.cues.length > 0) return true;
  if ((question.terms.get(stem) ?? 0) < 1) return true;
  const wording = question.tagged.map((w) => w.text).join(' ');
  return WHICH_THING.test(wording) || DEFAULTS_TO.test(wording);
}

/** "Which encoding…", "What key format…" — not "What does…", "What happens…". */
const WHICH_THING =
  /^\s*(?:which|what)\s+(?!(?:is|are|was|were|do|does|did|can|could|will|would|should|happens?)\b)\w/i;
const DEFAULTS_TO = /\bdefaults? to\W*$/i;

/**
 * Whether the best sentence only introduces what the question asks about and the next one says
 * it: "The cloud infrastructure can be viewed as containing both a physical layer and an
 * abstraction layer. The physical layer consists of the hardware resources…" for "What is the
 * physical layer … made of?". The next sentence opens on a phrase of the question that the
 * best one mentions later on, not as its subject.
 */
function introduces(best: Candidate, next: Candidate, question: QuestionAnalysis): boolean {
  // A best sentence holding the kind of thing asked for answers already ("…built the Eiffel
  // Tower in 1889.", not "The Eiffel Tower is 330 metres tall." after it).
  if (question.cues.length > 0 && best.cue > 0) return false;
  const opening = (c: Candidate) => bigramsOf(c.sequence.slice(0, INTRODUCED_OPENING));
  const opened = opening(next);
  const bestOpening = opening(best);
  const mentioned = bigramsOf(best.sequence);
  for (const phrase of question.bigrams) {
    if (opened.has(phrase) && mentioned.has(phrase) && !bestOpening.has(phrase)) return true;
  }
  return false;
}

/**
 * The content words a sentence opens on when it is about a phrase ("The physical layer…"); a
 * phrase further in ("This is done only for cherry picks…") is no subject.
 */
const INTRODUCED_OPENING = 2;

/** The sentence `offset` places after (or before) a candidate in its passage, if of its block. */
type BlockNeighbour = (
  candidate: Candidate,
  offset: number,
  /** Any block of the passage, not only the candidate's. */
  anyBlock?: boolean,
) => Candidate | undefined;

function blockNeighbours(candidates: Candidate[]): BlockNeighbour {
  const at = new Map(candidates.map((c) => [`${c.passageIndex}:${c.position}`, c]));
  return (candidate, offset, anyBlock = false) => {
    const other = at.get(`${candidate.passageIndex}:${candidate.position + offset}`);
    return anyBlock || other?.unit.block === candidate.unit.block ? other : undefined;
  };
}

/**
 * The words of the prose before a candidate in its passage (one section of one page), for the
 * support rule. None for a sentence that says what it is about itself: an option's or a
 * setting's description (its term), a panel or a toggle (its title). A table row speaks of its
 * own key only, so rows lend no words to what follows them. Built on demand: most asks look at
 * a few candidates.
 */
function earlierWords(candidates: Candidate[]): (candidate: Candidate) => ReadonlySet<string> {
  const byPassage = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const passage = byPassage.get(c.passageIndex);
    if (passage) passage.push(c);
    else byPassage.set(c.passageIndex, [c]);
  }
  const memo = new Map<Candidate, ReadonlySet<string>>();
  const selfContained = (c: Candidate) => c.unit.term !== undefined || c.unit.kind === 'callout';
  return (candidate) => {
    if (selfContained(candidate)) return EMPTY_WORDS;
    let words = memo.get(candidate);
    if (!words) {
      const before = (byPassage.get(candidate.passageIndex) ?? []).filter(
        (c) => c.position < candidate.position && !selfContained(c) && c.unit.kind !== 'table_row',
      );
      words = union(...before.map((c) => c.terms));
      memo.set(candidate, words);
    }
    return words;
  };
}

const EMPTY_WORDS: ReadonlySet<string> = new Set();

/**
 * Whether a sentence names a thing of the kind asked for by its name right after the kind: "a
 * Schematron document ssp.sch", "the tool Heron", "port 8443" for the kind's stem.
 */
function namesOfKind(text: string, kind: string): boolean {
  for (const match of text.matchAll(KIND_AND_NAME)) {
    if (stemTerm(match[1]!.toLowerCase()) === kind) return true;
  }
  return false;
}

/** A word, then a name: capitalised, or written with a dot, an underscore, a slash or digits. */
const KIND_AND_NAME =
  /(?<![\p{L}\p{N}])(\p{L}+)\s+["'“‘`]?(?:\p{Lu}[\p{L}\p{N}-]*|[\p{L}\p{N}-]*[._/\d][\p{L}\p{N}._/-]*[\p{L}\p{N}])/gu;

/**
 * A participle with the preposition after it in the question ("intended for", "used by",
 * "based on", "replaced with"), as patterns a sentence is tested with, built once an ask.
 */
function participlePhrases(question: string): RegExp[] {
  return [...question.toLowerCase().matchAll(PARTICIPLE_PHRASE)].map(
    (m) => new RegExp(String.raw`\b${m[1]}\s+${m[2]}\b`, 'i'),
  );
}

const PARTICIPLE_PHRASE =
  /\b([a-z]{3,}ed|known|shown|given|written|made|built|held|kept|sent|meant)\s+(for|to|by|on|with|from|as|into|against)\b/g;

/**
 * Which step of a procedure the question asks for: "the first step", "the third stage", "the
 * last thing to do" (as 1, 3 or 'last'), or null.
 */
function askedOrdinal(question: string): number | 'last' | null {
  const match = ORDINAL_STEP.exec(question.toLowerCase());
  if (!match) return null;
  const word = match[1]!;
  return word === 'last' || word === 'final' ? 'last' : ORDINALS.indexOf(word) + 1;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const ORDINAL_STEP = new RegExp(
  String.raw`\b(${ORDINALS.join('|')}|last|final) (?:step|stage|phase|thing|action|task)\b`,
);

/**
 * The item of the numbered list the best sentence is an item of that the question asks for by
 * its place ("1. Drain the node…" for the first step), by its first sentence; none when the
 * best sentence is no numbered item or the list is shorter.
 */
function numberedItem(
  best: Candidate,
  candidates: Candidate[],
  passages: Passage[],
  ordinal: number | 'last',
): Candidate | undefined {
  const text = passages[best.passageIndex]!.text;
  const numberOf = (c: Candidate) => {
    if (c.unit.kind !== 'list_item') return undefined;
    const marker = ITEM_NUMBER.exec(text.slice(Math.max(0, c.unit.start - 8), c.unit.start));
    return marker ? Number(marker[1]) : undefined;
  };
  if (numberOf(best) === undefined) return undefined;
  // The passage's numbered items in order, cut into lists where the numbering starts again.
  const lists: Array<Array<{ item: Candidate; number: number }>> = [];
  const items = candidates
    .filter((c) => c.passageIndex === best.passageIndex)
    .sort((a, b) => a.position - b.position);
  for (const item of items) {
    const number = numberOf(item);
    if (number === undefined) continue;
    const list = lists.at(-1);
    if (list && number > list.at(-1)!.number) list.push({ item, number });
    else lists.push([{ item, number }]);
  }
  const list = lists.find((l) => l.some(({ item }) => item.unit.block === best.unit.block));
  if (!list) return undefined;
  if (ordinal === 'last') return list.at(-1)!.item;
  return list.find(({ number }) => number === ordinal)?.item;
}

/** A numbered item's marker right before its first sentence: "1. ", "2) ". */
const ITEM_NUMBER = /(?:^|\s)(\d{1,2})[.)]\s+$/;

/** The document a candidate's passage is from (its name when the id is unknown). */
function documentOf(passages: Passage[], candidate: Candidate): string {
  const passage = passages[candidate.passageIndex]!;
  return passage.documentId ?? passage.docName;
}

/** A candidate's document and section titles: "asyncio > Waiting Primitives > wait()". */
function sectionOf(passages: Passage[], candidate: Candidate): string {
  return `${documentOf(passages, candidate)}\u0000${passages[candidate.passageIndex]!.headings}`;
}

function notFound(reason: NonNullable<Answer['notFoundReason']>): Answer {
  return {
    text: NOT_FOUND_ANSWER,
    usedPassageIds: [],
    found: false,
    shortAnswer: null,
    notFoundReason: reason,
  };
}

function inverseDocumentFrequency(candidates: Candidate[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const c of candidates) for (const t of c.terms) df.set(t, (df.get(t) ?? 0) + 1);
  const n = candidates.length;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + n / count));
  return idf;
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

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function clip(text: string, maxWords: number): string {
  const words = text.split(' ');
  return words.length <= maxWords ? text : `${words.slice(0, maxWords).join(' ')} …`;
}

/** Whether `text` holds each of `names`' words (by stem). */
function namesAll(text: string, names: readonly string[]): boolean {
  const held = new Set(wordTokens(text).map(stemTerm));
  const wanted = names.flatMap((name) => wordTokens(name).map(stemTerm));
  return wanted.length > 0 && wanted.every((stem) => held.has(stem));
}

/**
 * The words of a sentence's snake_case names ("key_share" → "key", "share"), from its content
 * words: a question says "Which extension carries the key shares?" of the "key_share" extension.
 */
function snakeCaseParts(words: readonly string[]): string[] {
  return words
    .filter((word) => word.includes('_'))
    .flatMap((word) => word.split('_').filter(Boolean).map(stemTerm));
}
