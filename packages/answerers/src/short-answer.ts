import { contentWords, tagWords, type TaggedWord } from '@docent/text-segmentation';
import { definedSubject } from './defined-subject';
import { analyseQuestion, FRAMING_WORDS, type QuestionAnalysis, unitOf } from './question-analysis';
import { askingWord } from './question-cues';
import { stemTerm } from './term-stem';

/** The kind of thing a question asks for, when it asks for one. */
export type AnswerShape =
  'number' | 'date' | 'time' | 'person' | 'place' | 'identifier' | 'value' | 'thing';

export interface AskedThing {
  shape: AnswerShape;
  /** Stem of the noun the question asks for ("which port" → "port"), when it names one. */
  focus?: string;
  /** A unit the question names ("how many days" → "day"). */
  unit?: string;
  /** "How often": a rate or a period answers ("at least annually"), not only a number. */
  often?: boolean;
  /** "What are the phases…", "which two serials": several things, a list of them answers. */
  several?: boolean;
  /** "How long does/do/did/should/…" asks how long something lasts: a duration. */
  duration?: boolean;
}

/** Nouns after "which/what" that ask for an identifier rather than a description. */
const IDENTIFIER_FOCUS = new Set(
  [
    'port',
    'version',
    'command',
    'option',
    'flag',
    'key',
    'code',
    'id',
    'identifier',
    'uuid',
    'variable',
    'setting',
    'parameter',
    'file',
    'path',
    'directory',
    'folder',
    'branch',
    'bucket',
    'url',
    'address',
    'host',
    'channel',
    'email',
    'header',
    'field',
    'extension',
    'suffix',
    'prefix',
    'tag',
    'label',
    'status',
    'level',
    'mode',
    'format',
    'protocol',
  ].map(stemTerm),
);
/** Nouns asking for a number wherever they stand ("what was the final score", "the number of…"). */
const NUMBER_FOCUS = new Set(
  [
    'percentage',
    'percent',
    'proportion',
    'fraction',
    'number',
    'amount',
    'rate',
    'ratio',
    'score',
    'price',
    'cost',
    'fee',
    'allowance',
    'salary',
    'wage',
    'budget',
    'total',
    'population',
    'temperature',
    'distance',
    'length',
    'height',
    'weight',
    'speed',
    'age',
    'share',
    'size',
    'limit',
    'cap',
    'maximum',
    'minimum',
  ].map(stemTerm),
);
const DATE_FOCUS = new Set(['year', 'date', 'day', 'month', 'century', 'decade', 'era', 'season']);
const TIME_FOCUS = new Set(['time', 'hour']);
const PLACE_FOCUS = new Set(
  [
    'city',
    'country',
    'state',
    'place',
    'region',
    'location',
    'continent',
    'town',
    'island',
    'river',
    'county',
    'province',
    'floor',
    'room',
    'building',
    'office',
    'site',
  ].map(stemTerm),
);
const PERSON_FOCUS = new Set(
  [
    'person',
    'man',
    'woman',
    'author',
    'president',
    'king',
    'queen',
    'leader',
    'owner',
    'manager',
    'contact',
    'engineer',
    'founder',
    'director',
    'composer',
    'artist',
    'player',
    'coach',
    'emperor',
  ].map(stemTerm),
);

/** An ordinal step of a procedure: "the first step", "the next thing to do". */
const STEP =
  /\b(?:first|second|third|fourth|fifth|sixth|next|last|final) (?:step|action|thing to do)\b/;

/**
 * What the question asks for, or null for questions no single span answers (how to, why, yes/no).
 * `head` is the wh-phrase's head noun and `unit` the noun a count is asked in ("how many NFL
 * **teams**"), as the caller's tagger read them; without `unit` the question is tagged here.
 */
export function askedThing(
  question: string,
  head?: string,
  unit?: string | null,
): AskedThing | null {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  if (/^\s*(?:why|how (?:do|does|did|can|could|should|would|to|is|are)\b)/.test(q)) return null;
  if (/^\s*(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have|had)\b/.test(q)) {
    return null;
  }
  // A meaning ("what does tenant mean?"), an event ("what happened to…"), a course of action
  // ("what do I do if…") or what a thing does ("what does ignore_errors do in rmtree()?"): a
  // description, which no short span gives.
  const description =
    /\bmean\b|\bhappen(?:s|ed)?\b|\b(?:do|should|can|must) (?:i|we|you) do\b|\bdo\s*\??\s*$|^\s*what (?:does|do)\b.*\bdo (?:in|with|for|on|to|when|if)\b/;
  if (/^\s*what\b/.test(q) && description.test(q)) return null;
  // A step of a procedure ("What is the first step when…?"): an action, said by a sentence
  // ("Which phase…?" may be answered by a name).
  if (/^\s*(?:what|which)\b/.test(q) && STEP.test(q)) return null;
  // What a thing is: its definition, a sentence ("What is a hybrid cloud?").
  const defined = definedSubject(question);
  if (defined?.certain && !defined.expands) return null;
  const quantity =
    /\bhow (many|much|long|old|far|big|large|high|tall|fast|often|wide|deep|heavy|late|early|soon)\b/.exec(
      q,
    );
  if (quantity) {
    const counted = unit === undefined ? unitOf(tagWords(question)).unit : (unit ?? undefined);
    return {
      shape: 'number',
      ...(counted && { unit: counted }),
      ...(quantity[1] === 'often' && { often: true }),
      // "How long is the river?" asks a length; "How long is the retention period?" a time.
      ...(quantity[1] === 'long' &&
        (!/\bhow long (?:is|are|was|were)\b/.test(q) || LASTING.test(q)) && { duration: true }),
    };
  }
  // The first question word decides: "the stadium where…" asks "what", not "where".
  const first = askingWord(q);
  if (first === 'when') return { shape: 'date' };
  if (/\bwhat time\b|\bat what time\b/.test(q)) return { shape: 'time' };
  if (first === 'who' || first === 'whom' || first === 'whose') return { shape: 'person' };
  if (first === 'where') return { shape: 'place' };
  if (/\b(?:default|defaults)\b/.test(q) && /\b(?:what|which)\b/.test(q)) return { shape: 'value' };
  // "what is the name of the stadium", "what kind of tree": the noun after "of" is asked for.
  const namedOf = /\b(?:name|kind|type|sort|title)\s+of\s+(?:the\s+|a\s+|an\s+)?([a-z][\w-]*)/.exec(
    q,
  );
  // "the policy number", "its error code": a number or code that names one thing is an
  // identifier ("BW-TRV-2291"), unlike "the (recommended) number of replicas", a count; "of our
  // insurance" names whose number it is.
  const namingCompound =
    /\b(?:what|which)\s+(?:(?:is|was|are|were)\s+)?(?:(?:the|our|your|its|their|my)\s+)?(?:(?!(?:the|a|an|total|average|maximum|minimum|max|min|overall|exact|approximate|estimated|largest|smallest|highest|lowest)\s)[a-z][\w-]*\s+){1,2}(number|code|id)\b(?!\s+of\s+(?!(?:the|a|an|our|your|its|their|my|his|her|this|that)\b))/.exec(
      q,
    );
  if (!namedOf && namingCompound) {
    return { shape: 'identifier', focus: stemTerm(namingCompound[1]!) };
  }
  // "Which two railroads": the railroads.
  const direct =
    /\b(?:what|which)\s+(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?([a-z][\w-]*)\b/.exec(
      q,
    );
  const focusWord =
    direct &&
    !/^(?:is|was|are|were|does|do|did|has|have|had|can|will|would|should|kind|type|sort)$/.test(
      direct[1]!,
    )
      ? direct[1]!
      : undefined;
  const nounAfterThe = /\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+([a-z][\w-]*)/.exec(q);
  // The head noun a tagger read ("what Florida **stadium**", "what was the final **score**")
  // beats the word after "what", which may be its modifier.
  const focus = namedOf
    ? stemTerm(namedOf[1]!)
    : (head ?? stemTerm(focusWord ?? nounAfterThe?.[1] ?? ''));
  if (focus === '') {
    // "What did Jim Gray cover?", "…to produce what?": a thing of no named kind. Not a
    // definition ("what is a twin prime?", "what is Skylark?").
    const definition = /^\s*what (?:is|are|was|were) (?:an? )?(?:\S+\s*){1,3}$/.test(q);
    return /\bwhat\b/.test(q) && !definition ? { shape: 'thing' } : null;
  }
  // "What are the opening hours?", "…the dates?": a time or a date, not a list of things.
  const several = SEVERAL_ASKED.exec(q);
  const plural = several?.[1] !== undefined ? stemTerm(several[1]) : undefined;
  const measured = [NUMBER_FOCUS, DATE_FOCUS, TIME_FOCUS].some(
    (kind) => kind.has(focus) || (plural !== undefined && kind.has(plural)),
  );
  if (several && !measured && !/\b(?:called|named|known as)\b/.test(q))
    return { shape: 'thing', focus, several: true };
  if (NUMBER_FOCUS.has(focus)) return { shape: 'number', focus };
  if (DATE_FOCUS.has(focus)) return { shape: 'date', focus };
  if (TIME_FOCUS.has(focus)) return { shape: 'time', focus };
  if (IDENTIFIER_FOCUS.has(focus)) return { shape: 'identifier', focus };
  if (PLACE_FOCUS.has(focus)) return { shape: 'place', focus };
  if (PERSON_FOCUS.has(focus)) return { shape: 'person', focus };
  return { shape: 'thing', focus };
}

/** Places asked for by a number ("which floor" → "4th"), unlike a city or a country. */
const NUMBERED_PLACES = new Set(
  ['floor', 'room', 'building', 'office', 'gate', 'platform', 'desk', 'level'].map(stemTerm),
);

interface Span {
  start: number;
  end: number;
  kinds: Set<AnswerShape>;
  /**
   * What a number counts: the noun's stem and its qualifiers' ("five essential characteristics"
   * → "characteristic", ["essenti"]).
   */
  counts?: CountedNoun;
  /** The label a definition follows, which begins the sentence (`labelEnd`). */
  label?: boolean;
  /** The value a sentence states as the default ("Defaults to origin", "The default is 10"). */
  statedDefault?: boolean;
}

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?';
const DATE_PATTERNS = [
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`, 'g'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:,?\\s+\\d{4})?\\b`, 'g'),
  new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?\\d{4}\\b`, 'g'),
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  /\bQ[1-4](?:\/|\s)?\d{4}\b/g,
  /\b(?:1[0-9]{3}|20[0-9]{2})s?\b/g,
  /\b(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s+century\b/gi,
  /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b/g,
];
const TIME_PATTERNS = [
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?(?:\s+(?:UTC|GMT|CET|CEST|[A-Z]{2,4}T))?/gi,
  /\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)(?:\s+(?:UTC|GMT|CET|CEST|[A-Z]{2,4}T))?/gi,
  /\b(?:noon|midnight)\b/gi,
];
const NUMBER_WORDS =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|once|twice|several)';
/** A number's scale word: "2.5 million" is one number. */
const SCALE = '(?:\\s(?:hundred|thousand|million|billion|trillion)\\b)?';
const ONE_NUMBER = `(?:[$€£¥]\\s?)?(?:\\d[\\d,.]*${SCALE}|\\b${NUMBER_WORDS}(?:[\\s-]${NUMBER_WORDS})*\\b)`;
/** A number or a range of two ("24–10", "90 to 95 percent", "30 to 50 thousand"), with its percent. */
const NUMBER_PATTERN = new RegExp(
  `${ONE_NUMBER}(?:\\s?[-–—]\\s?${ONE_NUMBER}|\\s(?:to|or)\\s${ONE_NUMBER})?(?:\\s?(?:%|percent|per cent))?`,
  'gi',
);
/** Words that say what a number counts, kept with it ("30 days", "180 euros", "512 kB"). */
const UNIT_WORDS = new Set(
  'second seconds minute minutes hour hours day days week weeks month months year years decade decades century centuries euro euros dollar dollars pound pounds cent cents percent times people members employees users gb mb kb tb kib mib gib bytes byte kilobytes megabytes gigabytes ms km miles mile meters metres kg pounds tons points goals votes seats copies pages nights steps attempts retries requests replicas shards nodes workers threads characters words lines items games wins titles'.split(
    ' ',
  ),
);
const BOUND_BEFORE =
  /\b(?:at least|at most|up to|no more than|more than|less than|fewer than|above|below|within)\s+$/i;
/** The word that makes the number after it a pointer into the document. */
const REFERENCE_BEFORE =
  /\b(Figure|Fig|Table|Section|Sec|Appendix|Chapter|Step|Page|Footnote|Annex|Exhibit|Equation|Eq|Line|Item|Note)\.?\s*$/i;
const FREQUENCY_PATTERN =
  /\b(?:(?:at least|at most|up to|about|roughly|approximately|no less than)\s+)?(?:(?:once|twice|(?:\w+|\d+) times)\s+(?:a|an|per|every|each)\s+\w+|every\s+(?:(?:[\d.,]+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|other)\s+)?\w+|(?:annually|yearly|monthly|weekly|daily|hourly|quarterly|biweekly|biannually|semiannually|continuously))\b/gi;
const IDENTIFIER_PATTERN =
  /`[^`]{1,80}`|"[^"]{1,60}"|'[^'\s][^']{0,58}'|(?<![\w-])--?[a-zA-Z][\w-]*(?:=\S+)?|\b[\w.+-]+@[\w-]+\.[\w.-]+\b|\bhttps?:\/\/\S+[\w/]|(?<![\w.])(?:[\w-]+[./])+[\w-]+(?![\w])|\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w]+(?:-[\w]+)+\b|\b[A-Za-z]+\d[\w]*\b|#[0-9A-Fa-f]{3,8}\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}\b/g;
/** A function's call with its arguments, one level of calls deep: "min(32, os.cpu_count() + 4)". */
const CALL_PATTERN = /(?<![\w.-])[A-Za-z_][\w.]*\((?:[^()]|\([^()]*\))*\)/g;
/** Words hyphenated into one, joined by a small word ("up-to-date", "end-to-end"). */
const HYPHENATED_PHRASE =
  /^[a-z]+(?:-[a-z]+)*-(?:the|of|to|in|on|a|an|and|or|by|for|at|from)-[a-z]+(?:-[a-z]+)*$/i;
const VALUE_AFTER =
  /\b(?:defaults? (?:is|to|value is|of)|default value (?:is|of)|is set to|set to|is|are)\s+(?!(?:not|also|only|likely|unlikely|used|deemed|considered|to|be)\b)(?!(?:a|an|the)\s+\S+\s+\S)/gi;

/** What a span is chosen by, besides the question and the sentence. */
export interface SpanContext {
  questionStems: ReadonlySet<string>;
  contextStems?: ReadonlySet<string>;
  /** Stem of the head noun of the question's wh-phrase, when the caller's tagger read it. */
  head?: string;
  /**
   * Stem of the noun a count is asked in ("how many NFL teams" → "team") as the caller's tagger
   * read it, null when it read none; without it the question is tagged here.
   */
  unit?: string | null;
}

/**
 * The words of `sentence` that answer a question asking for a thing, verbatim, or null: the
 * span of the kind asked for (a number with its unit, a date, a time, a name, an identifier, a
 * noun phrase) that the question does not already say, nearest to what the question names —
 * right after "port" for "which port", beside "floor" for "which floor".
 */
export function shortAnswer(
  question: string,
  sentence: string,
  context: SpanContext,
): string | null {
  const best = rankedSpans(question, sentence, context)[0];
  return best && best.score > 0 ? best.text : null;
}

/**
 * What a short answer must look like when the question asks for a thing of a kind a sentence
 * either writes or lacks — a number, a date, a time or an identifier ("Which port…?", "When…?",
 * "How many…?") — or null when it asks for a name or a thing, which any noun phrase may be.
 */
export function writtenKind(question: string, context: SpanContext): RegExp | null {
  const asked = askedThing(question, context.head, context.unit);
  if (!asked) return null;
  // "Which port… by default?" asks a value, of a thing written as an identifier.
  if (asked.shape === 'identifier' || asked.shape === 'value') {
    const focus = asked.focus ?? context.head;
    return (focus !== undefined && WRITTEN_IDS.get(focus)) || null;
  }
  return asked.shape === 'number' || asked.shape === 'date' || asked.shape === 'time' ? /\S/ : null;
}

/**
 * Identifiers only ever written as such, and how: a port is a number ("unsupported_certificate"
 * is none), a URL has dots or slashes. A field, a status or a mode may be named by an ordinary
 * word ("confirmed and amended", "dark").
 */
const WRITTEN_IDS = new Map<string, RegExp>(
  (
    [
      ['port', /\d/],
      ['version', /\d/],
      ['uuid', /[\da-f]{4,}-/i],
      ['id', /\S/],
      ['identifier', /\S/],
      ['url', /[./]/],
      ['path', /[./\\]/],
      ['email', /@/],
    ] as const
  ).map(([word, written]) => [stemTerm(word), written]),
);

/** What `shortAnswer` needs of a question, as its analysis read it. */
export function spanContext(question: QuestionAnalysis): SpanContext {
  return {
    questionStems: new Set(question.terms.keys()),
    ...(question.focus.length > 0 && { head: question.focus.at(-1)! }),
    unit: question.unit ?? null,
  };
}

/**
 * The candidate short answers of a sentence, ranked as the extractive answerer ranks them (its
 * reading of the question): for fitting `SPAN_WEIGHTS`.
 */
export function answerSpans(question: string, sentence: string): RankedSpan[] {
  return rankedSpans(question, sentence, spanContext(analyseQuestion(question, question)));
}

/** A candidate span of a sentence, with what scored it. */
export interface RankedSpan {
  text: string;
  start: number;
  end: number;
  score: number;
  signals: SpanSignals;
}

/** What scores a span (`spanSignals`), each weighed by `SPAN_WEIGHTS`. */
export interface SpanSignals {
  /** How well its kind fits the kind asked for (a number for "how many", a person for "who"). */
  kind: number;
  focusNear: number;
  matchedNear: number;
  fresh: number;
  echoed: number;
  lowerName: number;
  namedThing: number;
  excessWords: number;
  followsMatched: number;
  clauseWithMatched: number;
  lowerWord: number;
  completes: number;
  capitalised: number;
  labels: number;
}

/**
 * Every candidate span of a sentence that could answer the question, best first — scores at or
 * below zero included, which `shortAnswer` never gives.
 */
function rankedSpans(question: string, sentence: string, context: SpanContext): RankedSpan[] {
  const asked = askedThing(question, context.head, context.unit);
  if (!asked) return [];
  const tagged = tagWords(sentence);
  const completes = completionPoint(question, sentence);
  const spans = candidateSpans(sentence, tagged, asked, completes);
  const known = new Set([...context.questionStems, ...(context.contextStems ?? [])]);
  const out: RankedSpan[] = [];
  const anchors = anchorPositions(tagged, context.questionStems, asked.focus);
  const gap = (from: number, to: number) =>
    sentence.slice(from, to).split(/\s+/).filter(Boolean).length;
  // Where a number counts the thing asked ("five essential characteristics", "four deployment
  // models"), the others count something else ("three service models") and answer nothing.
  const countsAsked = (counts: CountedNoun) =>
    counts.stem === asked.unit && counts.qualifiers.every((q) => context.questionStems.has(q));
  const counted = spans.some((s) => s.counts && countsAsked(s.counts));
  const headers = valueHeaders(sentence, tagged);
  for (const span of spans) {
    if (counted && span.counts && !countsAsked(span.counts)) continue;
    // "[DFGS15]": a citation's key points to a reference, unless a reference is what is asked
    // ("[at least annually]" is a control's parameter, not a key).
    const cited =
      sentence[span.start - 1] === '[' &&
      sentence[span.end] === ']' &&
      !/\s/.test(sentence.slice(span.start, span.end));
    if (cited && !(asked.focus && CITED_THINGS.has(asked.focus))) continue;
    if (headers.some(([start, end]) => span.start >= start && span.end <= end)) continue;
    const text = sentence.slice(span.start, span.end);
    const stems = contentWords(text).map(stemTerm);
    const fresh = stems.filter((s) => !known.has(s) && !FRAMING_WORDS.has(s));
    if (fresh.length === 0 && !/\d/.test(text)) continue;
    if (stems.length > 0 && fresh.length === 0 && asked.shape !== 'number') continue;
    // A part of the document ("Figure 1", "Table 3-2", "Section 3.4.2") is where a fact is,
    // not the fact; nor is the noun asked about with a common word ("the major phases").
    if (DOCUMENT_PART.test(text) && !(asked.focus && DOCUMENT_PARTS.has(asked.focus))) continue;
    // A list asked for: one noun of the sentence is not it ("software", "detail"), nor is part
    // of the list ("analysis, containment, eradication"): a whole one ends with "and".
    if (asked.several && !/\b(?:and|or)\b|&/.test(text)) continue;
    if (
      asked.shape === 'thing' &&
      asked.focus !== undefined &&
      stems.includes(asked.focus) &&
      contentWords(text).every(
        (w) => stemTerm(w) === asked.focus || VAGUE_MODIFIERS.has(w.toLowerCase()),
      )
    ) {
      continue;
    }
    const distances = {
      focus: nearest(anchors.focus, span, gap),
      matched: nearest(anchors.matched, span, gap),
    };
    // The question's words in it other than the noun asked about ("Team" of "which team" may
    // begin the answer: "Team Borealis").
    const echoed = stems.filter((s) => known.has(s) && s !== asked.focus).length;
    const signals = spanSignals(
      span,
      asked,
      {
        ...distances,
        ...clauseOf(sentence, span, anchors.matched, gap),
        // Asked the default, the value a sentence states as the default completes the question
        // ("Defaults to **origin**, and can be overridden by passing the --origin option").
        completes:
          span.start === completes || (asked.shape === 'value' && span.statedDefault === true),
        labels: span.label === true,
      },
      {
        fresh: fresh.length / Math.max(1, stems.length),
        echoed: echoed / Math.max(1, stems.length),
      },
      text,
      writtenAsName(sentence, span, tagged),
    );
    if (!signals) continue;
    const score = combine(signals);
    out.push({ text: trimSpan(text), start: span.start, end: span.end, score, signals });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** What a citation's key in brackets names: asked for, "[RFC5246]" answers. */
const CITED_THINGS = new Set(
  ['reference', 'citation', 'paper', 'source', 'document', 'rfc', 'standard', 'specification'].map(
    stemTerm,
  ),
);

/** The parts a document is made of, which locate a fact rather than state it. */
const DOCUMENT_PARTS = new Set(
  ['figure', 'table', 'section', 'appendix', 'chapter', 'page', 'annex', 'exhibit'].map(stemTerm),
);
/** "What are the (five) phases of…", "which two serials…": a question asking for a list. */
const SEVERAL_ASKED =
  /^\s*(?:(?:what|which) (?:are|were) the (?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|main|major|key|basic) )?(?:[a-z-]+ )?([a-z-]+s)\b|(?:what|which) (?:two|three|four|five|six|seven|eight|nine|ten) )/;

/**
 * Words that qualify the noun asked about without saying which one it is: "the major phases",
 * "a leading role", "two points" answer nothing, unlike "rain shadow" or "secret ballot".
 */
const VAGUE_MODIFIERS = new Set(
  (
    'major main new old important leading small large big great official separate actual ' +
    'several various numerous many few other different same certain particular specific key ' +
    'primary first second third last next previous two three four five six seven eight nine ten ' +
    'following above below such own whole entire basic general common usual typical'
  ).split(' '),
);
/** Things that last, whose length is a time. */
const LASTING =
  /\b(?:period|time|timeout|interval|delay|window|duration|term|lifetime|wait|warranty|notice|retention|lease|trial|break|leave|shift|meeting|session|ttl|expiry|expiration|flight|trip|journey|vacation|holiday|sentence|reign|war)s?\b/;
const DURATION_UNIT =
  /\b(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|milliseconds?|ms|decades?)\b/i;
const DOCUMENT_PART = /^(?:figure|table|section|appendix|chapter|page|annex|exhibit)\b/i;

function spanSignals(
  span: Span,
  asked: AskedThing,
  distances: {
    focus: number;
    matched: number;
    follows: number;
    sameClause: boolean;
    completes: boolean;
    labels: boolean;
  },
  shares: { fresh: number; echoed: number },
  text: string,
  /** Whether it is written as a name (`writtenAsName`), not merely capitalised. */
  named: boolean,
): SpanSignals | null {
  let score = 0;
  const kinds = span.kinds;
  switch (asked.shape) {
    case 'number':
      score = kinds.has('number') ? 3 : 0;
      if (asked.unit && new RegExp(`\\b${asked.unit}`, 'i').test(text)) score += 1;
      // "How long…" of an action: a duration ("three years"), not a document's number ("GRS 24").
      else if (asked.duration && DURATION_UNIT.test(text)) score += 1;
      break;
    case 'date':
      score = kinds.has('date') ? 3 : kinds.has('time') ? 1.5 : 0;
      break;
    case 'time':
      score = kinds.has('time') ? 3 : kinds.has('date') ? 1 : 0;
      break;
    case 'person':
      score = kinds.has('person') ? 3 : kinds.has('thing') && named ? 1.5 : 0;
      break;
    case 'place':
      score = kinds.has('place')
        ? 3
        : kinds.has('number') && asked.focus && NUMBERED_PLACES.has(asked.focus)
          ? 2
          : named && kinds.has('thing')
            ? 1.5
            : 0;
      break;
    case 'identifier':
      score = kinds.has('identifier')
        ? 3
        : kinds.has('number')
          ? 2.5
          : // A common noun ("multiple consumers", "responsibility") is no port, status or format;
            // a definition's label ("git-clean - Remove untracked files…") names one.
            kinds.has('thing') && (named || span.label === true)
            ? 0.8
            : 0;
      break;
    case 'value':
      score = kinds.has('value') ? 3 : kinds.has('identifier') || kinds.has('number') ? 2.5 : 0;
      break;
    case 'thing':
      score =
        kinds.has('person') || kinds.has('place')
          ? 2
          : kinds.has('thing')
            ? 2
            : kinds.has('identifier')
              ? 1.8
              : kinds.has('number') || kinds.has('date')
                ? 0.6
                : 0;
      break;
  }
  if (score === 0) return null;
  const words = text.split(/\s+/).length;
  return {
    kind: score,
    // Beside the noun asked for: "port 7443", "floor 4", "4th floor", "Team Falcon".
    focusNear: distances.focus <= 2 ? 2 - distances.focus * 0.5 : 0,
    matchedNear: Number.isFinite(distances.matched) ? Math.max(0, 1 - distances.matched / 12) : 0,
    fresh: shares.fresh,
    // The answer is what the question does not say: a span of its words names what is asked
    // about ("the annual NFL Experience"), not the answer ("the Moscone Center").
    echoed: shares.echoed,
    // A name asked for is the name alone: "Barbara Walters", not "colleague Barbara Walters".
    lowerName:
      (asked.shape === 'person' || asked.shape === 'place') && /^\p{Ll}/u.test(text) ? 1 : 0,
    // "What company…", "which agency…": a named one (Death Wish Coffee, ESPN Deportes) more often
    // than a description ("a 30-second commercial"). Not the sentence's first word, capitalised
    // whatever it is ("Production data…").
    namedThing: asked.shape === 'thing' && kinds.has('thing') && span.start > 0 && named ? 1 : 0,
    // A short span is what was asked; a long one says more than that.
    excessWords: Math.max(0, words - 4),
    // What the question's words lead to: "…was won by **the Broncos**", the object of its verb.
    followsMatched: distances.follows <= 3 ? 1 : 0,
    // Said in the clause that says the question's words, not after a comma in another.
    clauseWithMatched: distances.sameClause ? 1 : 0,
    // One common word alone is more often a noun of the sentence than the answer — not when the
    // sentence states it as the default asked for ("native", "origin", "false").
    lowerWord: /^\p{Ll}+$/u.test(text) && !distances.completes ? 1 : 0,
    // Begins where the question's verb and preposition are completed (`completionPoint`).
    completes: distances.completes ? 1 : 0,
    // The label a definition follows: "**Policy engine (PE)**: This component is responsible
    // for the ultimate decision…" names the component a question describes.
    labels: distances.labels ? 1 : 0,
    // "Coldplay", "Super Bowl XLV": capitalised throughout, a name.
    capitalised: /^(?:\p{Lu}\S*\s*)+$/u.test(text) ? 1 : 0,
  };
}

/**
 * Where a span stands to the question's words in the sentence: how many words after the
 * nearest one before it, and whether one is in its clause (no comma, semicolon, colon or
 * bracket between them).
 */
function clauseOf(
  sentence: string,
  span: Span,
  matched: number[],
  gap: (from: number, to: number) => number,
): { follows: number; sameClause: boolean } {
  const before = matched.filter((at) => at < span.start);
  const after = matched.filter((at) => at >= span.end);
  const lastBefore = before.length > 0 ? Math.max(...before) : undefined;
  const firstAfter = after.length > 0 ? Math.min(...after) : undefined;
  const apart = (from: number, to: number) => /[,;:()]/.test(sentence.slice(from, to));
  return {
    follows: lastBefore === undefined ? Infinity : gap(lastBefore, span.start),
    sameClause:
      (lastBefore !== undefined && !apart(lastBefore, span.start)) ||
      (firstAfter !== undefined && !apart(span.end, firstAfter)),
  };
}

/**
 * Fitted together: a listwise logistic regression over the candidate spans of the quoted
 * sentences of 1,000 SQuAD questions of the even half, the spans of the best F1 its target
 * (`bench/src/tools/span-choice.ts`, which prints these); `kind` and `completes` set by hand.
 */
export const SPAN_WEIGHTS: SpanSignals = {
  // Set by hand: in a technical page the kind asked (a port, a value, an address) is the surest
  // sign, surer than in SQuAD's prose (fitted there, it would weigh 1).
  kind: 1.5,
  focusNear: 1.21,
  matchedNear: 1.79,
  fresh: 0.5,
  echoed: -1.48,
  lowerName: -1.4,
  namedThing: 0.79,
  excessWords: -0.06,
  followsMatched: 0.49,
  clauseWithMatched: 0.63,
  lowerWord: -0.89,
  // Not fitted (SQuAD rarely asks so): set to outweigh the nearness of a name elsewhere.
  completes: 1.5,
  // Not fitted (SQuAD's prose has no labels): set, as `completes`, to outweigh a noun nearer the
  // question's words in the definition.
  labels: 1.5,
  capitalised: 0.62,
};

function combine(signals: SpanSignals): number {
  let score = 0;
  for (const name of Object.keys(SPAN_WEIGHTS) as Array<keyof SpanSignals>) {
    score += SPAN_WEIGHTS[name] * signals[name];
  }
  return score;
}

/**
 * Whether a span is written as a name: it begins with a capital that is not merely the
 * sentence's (its first word, or the first after a label's colon, a quote or a bullet) — a
 * sentence-initial "Critics", "Reviews" or "Indicates" is an ordinary word — unless the tagger
 * knows its first word for a name ("Montpellier"), or a capital follows ("Team Falcon",
 * "NewcastleGateshead", "HTTPS").
 */
function writtenAsName(sentence: string, span: Span, tagged: TaggedWord[]): boolean {
  const text = sentence.slice(span.start, span.end);
  if (!/^\p{Lu}/u.test(text)) return false;
  const before = sentence.slice(0, span.start);
  const initial =
    /^[^\p{L}\p{N}]*$/u.test(before) || /^[^.!?:]{0,60}:\s*[^\p{L}\p{N}]*$/u.test(before);
  if (!initial) return true;
  const first = tagged.find((w) => w.start === span.start);
  if (
    first &&
    ['ProperNoun', 'Person', 'Place', 'Organization', 'Acronym'].some((t) => first.tags.has(t))
  ) {
    return true;
  }
  return /^\p{Lu}(?:\S*\p{Lu}|[^:;,.!?]*\s\p{Lu})/u.test(text);
}

/** Distance in words (`gap`) from the span to the nearest anchor, or Infinity. */
function nearest(
  positions: number[],
  span: Span,
  gap: (from: number, to: number) => number,
): number {
  let best = Infinity;
  for (const at of positions) {
    const distance = at < span.start ? gap(at, span.start) : at >= span.end ? gap(span.end, at) : 0;
    best = Math.min(best, distance);
  }
  return best;
}

function anchorPositions(
  tagged: TaggedWord[],
  questionStems: ReadonlySet<string>,
  focus: string | undefined,
): { focus: number[]; matched: number[] } {
  const focusAt: number[] = [];
  const matched: number[] = [];
  for (const word of tagged) {
    const stem = stemTerm(word.normal.replace(/[^\p{L}\p{N}]+/gu, ''));
    if (focus && stem === focus) focusAt.push(word.start);
    else if (questionStems.has(stem) && !FRAMING_WORDS.has(stem)) matched.push(word.start);
  }
  return { focus: focusAt, matched };
}

/** Whether text opens as many brackets as it closes, none closed before it opens. */
function closesItsBrackets(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth += 1;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function candidateSpans(
  sentence: string,
  tagged: TaggedWord[],
  asked: AskedThing,
  /** Where the words completing the question's verb and preposition begin (`completionPoint`). */
  completes?: number,
): Span[] {
  const spans = new Map<string, Span>();
  const add = (start: number, end: number, kind: AnswerShape) => {
    // A closing bracket stays after a one-word aside the span opens ("Policy engine (PE)") and
    // closing one it opens ("os.cpu_count()").
    while (
      end > start &&
      /[\s,.;:!?)]/.test(sentence[end - 1]!) &&
      !ACRONYM_ASIDE.test(sentence.slice(start, end)) &&
      !(sentence[end - 1] === ')' && closesItsBrackets(sentence.slice(start, end)))
    ) {
      end--;
    }
    while (start < end && /[\s(]/.test(sentence[start]!)) start++;
    if (end <= start) return undefined;
    const key = `${start}:${end}`;
    const span = spans.get(key) ?? { start, end, kinds: new Set<AnswerShape>() };
    span.kinds.add(kind);
    spans.set(key, span);
    return span;
  };
  const each = (pattern: RegExp, kind: AnswerShape) => {
    for (const match of sentence.matchAll(new RegExp(pattern.source, pattern.flags))) {
      add(match.index, match.index + match[0].length, kind);
    }
  };
  for (const pattern of DATE_PATTERNS) each(pattern, 'date');
  for (const pattern of TIME_PATTERNS) each(pattern, 'time');
  // A call is one value: "min(32, os.cpu_count() + 4)" is not 32.
  const calls = [...sentence.matchAll(CALL_PATTERN)].map(
    (m) => [m.index, m.index + m[0].length] as const,
  );
  for (const [start, end] of calls) add(start, end, 'identifier');
  const inCall = (at: number) => calls.some(([start, end]) => at > start && at < end);
  for (const match of sentence.matchAll(NUMBER_PATTERN)) {
    if (!/\d|[a-z]/i.test(match[0])) continue;
    if (inCall(match.index)) continue;
    const before = sentence.slice(0, match.index);
    // Digits of a code ("IR-2", "SP800") are no number, nor is a figure's or a section's
    // number ("Figure 3-1", "Section 4.2") unless a figure or a section is what is asked.
    const after = sentence.slice(match.index + match[0].length);
    if (/[\p{L}\d_#]-?$/u.test(before) && !/^[$€£¥]/.test(match[0])) continue;
    if (/^[\p{L}\d_]/u.test(after) && /\d$/.test(match[0])) continue;
    // A manual page's section ("git-status(1)"), an argument ("f(2)"): part of a name.
    if (/[\p{L}\d_]\($/u.test(before) && after.startsWith(')')) continue;
    const reference = REFERENCE_BEFORE.exec(before)?.[1];
    if (reference && stemTerm(reference.toLowerCase()) !== asked.focus) continue;
    let end = match.index + match[0].length;
    // The unit after it: "30 days", "180 euros", "6 hours", "36 pixels" (what it counts).
    const next = /^\s+([A-Za-z]+)/.exec(after);
    const unit = next?.[1];
    const unitAt = end + (next?.[0].length ?? 0) - (unit?.length ?? 0);
    // A verb with its object is no unit: "(GRS) 24 **specifies that**…".
    const object = /^\s+[A-Za-z]+\s+(?:that|the|a|an|whether|which)\b/.test(after);
    const counted =
      unit !== undefined &&
      (UNIT_WORDS.has(unit.toLowerCase()) ||
        stemTerm(unit) === asked.unit ||
        (!object && tagged.some((w) => w.start === unitAt && countsThings(w))));
    if (counted) end += next![0].length;
    // What it counts, past the words that qualify it: "five **essential** characteristics".
    const noun = countedNoun(sentence, tagged, match.index + match[0].length);
    // A bound is part of the quantity: "at least six months" is not "six months".
    const bound = BOUND_BEFORE.exec(before);
    const numbers = [
      bound && add(match.index - bound[0].length, end, 'number'),
      add(match.index, end, 'number'),
      add(match.index, match.index + match[0].length, 'number'),
    ];
    for (const span of numbers) if (span && noun) span.counts = noun;
  }
  // "How often": a rate or a period ("at least annually", "every 90 days", "twice a year").
  if (asked.often) each(FREQUENCY_PATTERN, 'number');
  for (const match of sentence.matchAll(IDENTIFIER_PATTERN)) {
    // "after-the-fact", "state-of-the-art": a compound word, no identifier.
    if (HYPHENATED_PHRASE.test(match[0])) continue;
    add(match.index, match.index + match[0].length, 'identifier');
  }
  for (const match of sentence.matchAll(VALUE_AFTER)) {
    const start = match.index + match[0].length;
    // "is a comma." ends in one word after its article; "is a sign that…" is no value.
    const value =
      /^(?:`[^`]+`|"[^"]+"|'[^']+'|(?:a|an|the)\s+[^\s,.;:()]+(?=[.,;:]?\s*$)|[^\s,.;:()]+(?:\s+[^\s,.;:()]+)?)/i.exec(
        sentence.slice(start),
      );
    const span = value ? add(start, start + value[0].length, 'value') : undefined;
    if (span && /^default/i.test(match[0])) span.statedDefault = true;
  }
  const phrases = nounPhrases(sentence, tagged);
  for (const phrase of phrases) {
    // "June", "Monday": a capitalised word that names a time, not a person or a thing.
    if (phrase.date) continue;
    const kind: AnswerShape = phrase.person ? 'person' : phrase.place ? 'place' : 'thing';
    add(phrase.start, phrase.end, kind);
    if (phrase.person || phrase.place) add(phrase.start, phrase.end, 'thing');
  }
  // Asked for several, the phrases "and" or commas join are one answer ("Union Pacific and
  // BNSF railroads").
  if (asked.several) {
    for (const [start, end] of coordinatedRuns(sentence, phrases, tagged, asked.focus)) {
      add(start, end, 'thing');
    }
  }
  const label = labelEnd(sentence, tagged);
  const labelSpan = label === undefined ? undefined : add(0, label, 'thing');
  if (labelSpan) labelSpan.label = true;
  // What completes the question's "intended for", "made of": the thing asked, whatever its
  // words ("for **technical staff and tool developers** implementing…" answers "who").
  if (completes !== undefined) {
    const run = completionRun(sentence, tagged, completes);
    if (run) add(run[0], run[1], asked.shape);
  }
  return [...spans.values()];
}

/**
 * The headers of a table row's "header: value" pairs ("Curlew — **Owner**: Security team;
 * **Tier**: 2"), as [start, end]: a value without a verb follows each, which the header only
 * names.
 */
function valueHeaders(sentence: string, tagged: TaggedWord[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const pair of sentence.matchAll(/(?:^|\s[—–-]\s|;\s)([^:;—–]{1,60}?):\s+([^;]*)/g)) {
    const header = pair[1]!;
    if (header.trim().split(/\s+/).length > 6) continue;
    const valueAt = pair.index + pair[0].length - pair[2]!.length;
    if (saysSomething(sentence, tagged, valueAt, valueAt + pair[2]!.length)) continue;
    const start = pair.index + pair[0].indexOf(header);
    out.push([start, start + header.length]);
  }
  return out;
}

/**
 * Where a label that begins a definition ends ("Policy engine (PE): This component is…",
 * "DE.CM-8: Vulnerability scans are performed", "LISTEN - represents waiting…"): up to six words
 * before a colon, or three before a spaced dash, that a clause with a verb follows, or
 * undefined. A table row's header ("Owner: Security team") names the value after it, which is
 * the answer.
 */
function labelEnd(sentence: string, tagged: TaggedWord[]): number | undefined {
  const colon = /^([^:;.!?]+):\s/.exec(sentence);
  // A dash sets off a shorter one, a definition list's or a manual page's name line: "LISTEN -
  // represents waiting for a connection request…", "git-clean - Remove untracked files…".
  const dash = colon ? null : /^([^:;.!?\s]+(?:\s[^:;.!?\s]+){0,2})\s[-–—]\s/.exec(sentence);
  const found = colon ?? dash;
  const label = found?.[1];
  if (!found || !label || label.trim().split(/\s+/).length > 6) return undefined;
  return saysSomething(sentence, tagged, found[0].length, sentence.length)
    ? label.trimEnd().length
    : undefined;
}

/**
 * Whether the words between `from` and `to` hold a verb: a clause, not a value. A description
 * opening with its verb ("Turns a flag on or off", "Indicates an optional action") is one too,
 * though the tagger reads "Turns" as a plural.
 */
function saysSomething(sentence: string, tagged: TaggedWord[], from: number, to: number): boolean {
  if (DESCRIBING_VERB.test(sentence.slice(from, to).trimStart())) return true;
  return tagged.some(
    (w) => w.start >= from && w.start < to && w.tags.has('Verb') && !w.tags.has('Gerund'),
  );
}
const DESCRIBING_VERB =
  /^\p{L}\p{Ll}+s\s+(?:a|an|the|that|whether|which|how|its|their|this|these|all|any|each|every|one|to)\b/u;

/**
 * A question ending in a verb and its preposition ("Who is the guide intended **for**?", "What
 * were the chains made **of**?") asks for what completes them: where that begins in the sentence
 * after the same two words, or undefined.
 */
function completionPoint(question: string, sentence: string): number | undefined {
  const stranded = STRANDED.exec(question);
  if (!stranded) return undefined;
  const [, verb, preposition] = stranded;
  const said = new RegExp(
    `\\b${verb!}\\s+${preposition!}\\s+(?:(?:the|a|an|all|any)\\s+)?(?=[\\p{L}\\d])`,
    'iu',
  ).exec(sentence);
  return said ? said.index + said[0].length : undefined;
}

const STRANDED =
  /\b(?!(?:was|were|are|does|did|has|had|have)\b)(\p{L}{3,})\s+(for|by|of|as|with|to|from|on|into|about|after)\s*\?\s*$/iu;

/**
 * The words from `start` to the end of their phrase, as [start, end]: up to punctuation, a
 * preposition, a relative word, a verb's "-ing" form ("for **support engineers and release
 * managers** working with…") or a copula — at most eight words, never ending on "and"/"or".
 */
function completionRun(
  sentence: string,
  tagged: TaggedWord[],
  start: number,
): [number, number] | undefined {
  let end = start;
  let taken = 0;
  for (const word of tagged) {
    if (word.start < start) continue;
    const stops =
      /[,;:.()!?]/.test(sentence.slice(end, word.start)) ||
      word.tags.has('Preposition') ||
      word.tags.has('Gerund') ||
      word.tags.has('Copula') ||
      /^(?:who|which|that|whose|where|when|to)$/.test(word.normal) ||
      // The tagger reads "managers working with…" as two nouns.
      (taken > 0 && /^[a-z]{3,}ing$/.test(word.normal));
    if (stops || taken === 8) break;
    end = word.start + word.text.replace(/[,;:.)!?]+$/, '').length;
    taken++;
  }
  const text = sentence.slice(start, end).replace(/\s+(?:and|or)$/i, '');
  return text.length > 0 ? [start, start + text.length] : undefined;
}

/**
 * Whole lists of noun phrases, joined by commas and a final "and"/"or": [start, end] of each.
 * A list whose phrase runs into a dash ("process—preparation, …") is cut wrongly: none.
 */
function coordinatedRuns(
  sentence: string,
  phrases: Phrase[],
  tagged: TaggedWord[],
  focus: string | undefined,
): Array<[number, number]> {
  // Names ("Union Pacific and BNSF"), or things of the kind asked ("… BNSF railroads"):
  // "hardware and software" is no list of the characteristics asked for.
  const named = (phrase: Phrase) =>
    tagged.some((w) => w.start === phrase.start && w.tags.has('ProperNoun'));
  const ofKind = (phrase: Phrase) =>
    focus !== undefined &&
    stemTerm(sentence.slice(phrase.start, phrase.end).split(/\s+/).at(-1)!.toLowerCase()) === focus;
  const out: Array<[number, number]> = [];
  let from = 0;
  let joined = false;
  for (let i = 1; i <= phrases.length; i++) {
    const gap = i < phrases.length ? sentence.slice(phrases[i - 1]!.end, phrases[i]!.start) : '';
    if (i < phrases.length && /^\s*,?\s*(?:and|or|&)\s+$/i.test(gap)) {
      joined = true;
      continue;
    }
    if (i < phrases.length && /^\s*,\s*$/.test(gap) && !joined) continue;
    const run = sentence.slice(phrases[from]!.start, phrases[i - 1]!.end);
    const members = phrases.slice(from, i);
    if (
      joined &&
      !/[\u2013\u2014]/.test(run) &&
      (members.every(named) || ofKind(members.at(-1)!))
    ) {
      out.push([phrases[from]!.start, phrases[i - 1]!.end]);
    }
    from = i;
    joined = false;
  }
  return out;
}

interface Phrase {
  start: number;
  end: number;
  person: boolean;
  place: boolean;
  /** Every word a date's (a month, a weekday). */
  date: boolean;
}

/**
 * Noun phrases from compromise's tags: an optional run of adjectives, values and possessives
 * before one or more nouns (names joined by "of"/"de"), without a leading determiner.
 */
function nounPhrases(sentence: string, tagged: TaggedWord[]): Phrase[] {
  const out: Phrase[] = [];
  // A label's colon, a semicolon, a dash or a citation's bracket ends a phrase: "Policy engine
  // (PE): This component…", "ingest-orders — Target table", "TLS_AES_128_GCM_SHA256 [GCM]".
  const joined = (at: number) => {
    const before = tagged[at - 1]!;
    return !/[:;—–[\]]/.test(sentence.slice(before.start + before.text.length, tagged[at]!.start));
  };
  let i = 0;
  while (i < tagged.length) {
    const startAt = i;
    while (
      i < tagged.length &&
      (i === startAt || joined(i)) &&
      (tagged[i]!.tags.has('Adjective') ||
        tagged[i]!.tags.has('Value') ||
        tagged[i]!.tags.has('Possessive')) &&
      !tagged[i]!.tags.has('Pronoun')
    ) {
      i++;
    }
    const nounsFrom = i;
    while (i < tagged.length && (i === startAt || joined(i)) && isNounish(tagged[i]!)) {
      i++;
      // "Bank of America", "Duke of Normandy": a name continues past "of".
      if (
        i + 1 < tagged.length &&
        /^(?:of|de|du|von|van)$/.test(tagged[i]!.normal) &&
        tagged[i - 1]!.tags.has('ProperNoun') &&
        tagged[i + 1]!.tags.has('ProperNoun')
      ) {
        i++;
      }
    }
    if (i > nounsFrom) {
      const words = tagged.slice(startAt, i);
      const first = words[0]!;
      const last = words.at(-1)!;
      out.push({
        start: first.start,
        end: last.start + last.text.length,
        person: words.some((w) => w.tags.has('Person')),
        place: words.some((w) => w.tags.has('Place')),
        date: words.every((w) => w.tags.has('Date')),
      });
      // The proper-noun tail alone too ("the Carolina Panthers" → "Carolina Panthers").
      const properFrom = words.findIndex((w) => w.tags.has('ProperNoun'));
      if (properFrom > 0) {
        const proper = words[properFrom]!;
        out.push({
          start: proper.start,
          end: last.start + last.text.length,
          person: words.some((w) => w.tags.has('Person')),
          place: words.some((w) => w.tags.has('Place')),
          date: words.slice(properFrom).every((w) => w.tags.has('Date')),
        });
      }
    } else {
      i = Math.max(i, startAt + 1);
    }
  }
  return out;
}

/**
 * A word after a number that says what it counts: a plural noun as the tagger reads it ("12
 * teams", "40 children"; not "this", "plus", "across"). Right after a number, a present-tense
 * verb in "-s" is the tagger misreading a plural ("36 pixels high"), unless it is "has", "does"
 * or "goes".
 */
function countsThings(word: TaggedWord): boolean {
  if (word.tags.has('Plural') && isNounish(word)) return true;
  return (
    word.tags.has('PresentTense') &&
    !word.tags.has('Copula') &&
    /^[a-z]+s$/.test(word.normal) &&
    !/^(?:has|does|goes)$/.test(word.normal)
  );
}

interface CountedNoun {
  stem: string;
  qualifiers: string[];
}

/**
 * The plural noun a number ending at `from` counts, right after it or past up to two words that
 * qualify it ("five essential characteristics", "three service models"): its stem and theirs, or
 * undefined.
 */
function countedNoun(
  sentence: string,
  tagged: TaggedWord[],
  from: number,
): CountedNoun | undefined {
  let at = from;
  const qualifiers: string[] = [];
  for (const word of tagged.filter((w) => w.start >= from).slice(0, 3)) {
    if (!/^\s+$/.test(sentence.slice(at, word.start))) return undefined;
    at = word.start + word.text.length;
    if (countsThings(word)) return { stem: stemTerm(word.normal), qualifiers };
    qualifiers.push(stemTerm(word.normal));
    // Only adjectives and nouns qualify a counted noun; a verb or a determiner ends the phrase.
    if (!(word.tags.has('Adjective') || isNounish(word))) return undefined;
  }
  return undefined;
}

function isNounish(word: TaggedWord): boolean {
  return (
    (word.tags.has('Noun') || word.tags.has('ProperNoun') || word.tags.has('Acronym')) &&
    !word.tags.has('Pronoun') &&
    !word.tags.has('Determiner')
  );
}

/** A one-word aside in brackets that ends a span, as an acronym's: "Policy engine (PE)". */
const ACRONYM_ASIDE = /\S \([^\s()]+\)$/;

/** Without punctuation left at either end, a lower-case article, or quotes around it all. */
function trimSpan(text: string): string {
  const trimmed = text
    .replace(/^(?:the|a|an)\s+(?=\S)/, '')
    // A span ends clean (`candidateSpans`), a closing bracket only after its acronym's aside.
    .replace(/^[\s,;:(]+|[\s,;:]+$/g, '')
    .replace(/^(['"`])(.*)\1$/, '$2');
  // A bracket it opens and does not close is the start of an aside: "Rory Williams (Arthur
  // Darvill" is "Rory Williams".
  const open = trimmed.lastIndexOf(' (');
  return open > 0 && !trimmed.slice(open).includes(')') ? trimmed.slice(0, open) : trimmed;
}
