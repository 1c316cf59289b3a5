import {
  NON_TERMINAL_ABBREVIATIONS,
  NUMERAL_ABBREVIATIONS,
  OPTIONALLY_TERMINAL_ABBREVIATIONS,
  SENTENCE_STARTERS,
} from './abbreviations';
import { tagWords } from './english-tagger';
import { hardSegments, type TextSegment } from './hard-segments';
import { STOPWORDS } from './stopwords';

/**
 * Candidate sentence ends: a run of terminal punctuation plus any closing quotes or brackets
 * (and markdown emphasis or code marks: "**Done.**").
 * Only a candidate followed by whitespace (or the end) can end a sentence, which is what keeps
 * decimals (3.14), versions (v1.2.3), URLs, e-mail addresses and "e.g." in one piece.
 */
const TERMINATOR = /[.!?…]+["'”’)\]»*_`]*/g;
const OPENERS = /^["'“‘([«¿¡]+/;
const TRAILING_PUNCTUATION = /[^\p{L}\p{N}]+$/u;
const UPPERCASE_START = /^\p{Lu}/u;
const LOWERCASE_START = /^\p{Ll}/u;
const DIGIT_START = /^\p{N}/u;
/** "3." or "b)" alone: the enumerator of a list item, not a sentence. */
const LIST_ENUMERATOR = /^(?:\d{1,3}|[a-z])[.)]$/;
const SINGLE_INITIAL = /^\p{Lu}$/u;
const INITIAL_WORD = /^\p{Lu}\.$/u;
/** U.S, a.m, Ph.D — letters separated by periods (the final period is not part of it). */
const DOTTED_ACRONYM = /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u;
/** A capitalised short word: "Natl", "Technol", "Proc" in a citation's run of abbreviations. */
const ABBREVIATED_WORD = /^\p{Lu}\p{Ll}{0,7}$/u;

/** A run-in term: a few words of a name, no clause punctuation ("Software as a Service (SaaS)"). */
const RUN_IN_LINE = /^(\s*)(\p{Lu}[\p{L}\p{N} ()/'’&-]*?)\. +\p{Lu}/u;
const RUN_IN_TERM = /^\p{Lu}[\p{L}\p{N} ()/'’&-]*$/u;
const RUN_IN_MAX_WORDS = 6;
/** Words of a clause, not of a name: "Usage is reported." is a sentence, not a term. */
const CLAUSE_WORDS = new Set(
  'is are was were be been being am has have had do does did will would can could may might must shall should not'.split(
    ' ',
  ),
);

interface Candidate {
  punctuation: string;
  /** The word the punctuation is attached to, without opening quotes or brackets. */
  previousWord: string;
  /** The word before it, as written ('' at the segment's start). */
  wordBefore: string;
  /** The next word without its opening quotes or brackets ('' at the end of the text). */
  nextWord: string;
}

function isEllipsis(punctuation: string): boolean {
  return punctuation.includes('…') || punctuation.startsWith('..');
}

/** After an ambiguous period: does the capitalised next word open a new sentence? */
function nextWordStartsSentence(nextWord: string): boolean {
  if (INITIAL_WORD.test(nextWord)) return false;
  return SENTENCE_STARTERS.has(nextWord.replace(TRAILING_PUNCTUATION, '').toLowerCase());
}

function endsSentence({ punctuation, previousWord, wordBefore, nextWord }: Candidate): boolean {
  if (nextWord === '') return true;
  if (LOWERCASE_START.test(nextWord)) return false;
  const marks = punctuation.replace(/["'”’)\]»*_`]+$/, '');
  if (marks.includes('!') || marks.includes('?')) return true;
  if (isEllipsis(marks)) return UPPERCASE_START.test(nextWord);
  // A single period. Closing quotes or brackets after it mean the sentence ended inside them.
  if (marks.length < punctuation.length) return true;

  const word = previousWord.toLowerCase();
  if (NON_TERMINAL_ABBREVIATIONS.has(word)) return false;
  if (NUMERAL_ABBREVIATIONS.has(word)) return !DIGIT_START.test(nextWord);
  if (OPTIONALLY_TERMINAL_ABBREVIATIONS.has(word)) return UPPERCASE_START.test(nextWord);
  if (SINGLE_INITIAL.test(previousWord) || DOTTED_ACRONYM.test(previousWord)) {
    return nextWordStartsSentence(nextWord);
  }
  return !inAbbreviationRun(previousWord, wordBefore, nextWord);
}

/**
 * A run of abbreviated words, as a citation writes a title ("Natl. Inst. Stand. Technol. Spec.
 * Publ. 800-207", "Proc. Natl. Acad. Sci."): a short capitalised word with its period, next to
 * another one, abbreviates rather than ends a sentence; the run's last one too, unless a capital
 * follows it.
 */
function inAbbreviationRun(previousWord: string, wordBefore: string, nextWord: string): boolean {
  if (!ABBREVIATED_WORD.test(previousWord)) return false;
  const abbreviated = (word: string) =>
    word.endsWith('.') && ABBREVIATED_WORD.test(word.slice(0, -1));
  if (abbreviated(nextWord)) return true;
  return abbreviated(wordBefore) && !UPPERCASE_START.test(nextWord);
}

/**
 * A list of definitions, each line opening with its term and a period, then the sentence that
 * defines it ("Measured service. Cloud systems automatically control…", "Private cloud. The
 * cloud infrastructure is…"): the term is what its sentence is about, so it stays with it —
 * split off, the definition no longer says what it defines. Two such lines in one segment make
 * the list; a single "Ask Bob. Then ask Alice." stays two sentences.
 */
function runInTermEnds(text: string, segmentStart: number, segmentEnd: number): Set<number> {
  const ends = new Set<number>();
  // One line holds one term at most; the list needs two.
  const newline = text.indexOf('\n', segmentStart);
  if (newline === -1 || newline >= segmentEnd) return ends;
  let lineStart = segmentStart;
  for (const line of text.slice(segmentStart, segmentEnd).split('\n')) {
    const match = RUN_IN_LINE.exec(line);
    const term = match?.[2] ?? '';
    if (match && isRunInTerm(term)) ends.add(lineStart + match[1]!.length + term.length);
    lineStart += line.length + 1;
  }
  return ends.size >= 2 ? ends : new Set();
}

function isRunInTerm(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    RUN_IN_TERM.test(text) &&
    words.length > 0 &&
    words.length <= RUN_IN_MAX_WORDS &&
    !STOPWORDS.has(words[0]!.toLowerCase()) &&
    !words.some((word) => CLAUSE_WORDS.has(word.toLowerCase()))
  );
}

/**
 * Whether a short phrase names a thing rather than saying something ("Costs vary.", "See
 * Figure 2."): no word of it a verb but a gerund ("Resource pooling"), as `tagWords` tags it. Asked only of the few phrases that may be run-in terms.
 */
function namesAThing(phrase: string): boolean {
  return !tagWords(`${phrase}.`).some((word) => word.tags.has('Verb') && !word.tags.has('Gerund'));
}

function wordStart(text: string, index: number, segmentStart: number): number {
  let start = index;
  while (start > segmentStart && !/\s/.test(text[start - 1] ?? '')) start -= 1;
  return start;
}

function previousWordBefore(text: string, index: number, segmentStart: number): string {
  return text.slice(wordStart(text, index, segmentStart), index).replace(OPENERS, '');
}

/** The whitespace-separated word that ends before the word at `index`. */
function wordBeforeWordAt(text: string, index: number, segmentStart: number): string {
  let end = wordStart(text, index, segmentStart);
  while (end > segmentStart && /\s/.test(text[end - 1] ?? '')) end -= 1;
  return text.slice(wordStart(text, end, segmentStart), end);
}

function nextWordAt(text: string, index: number, segmentEnd: number): string {
  let end = index;
  while (end < segmentEnd && !/\s/.test(text[end] ?? '')) end += 1;
  return text.slice(index, end).replace(OPENERS, '');
}

/** [start, end) of `text` without the whitespace at either end, or null when it is blank. */
function trimmedSpan(text: string, start: number, end: number): TextSegment | null {
  while (start < end && /\s/.test(text[start] ?? '')) start += 1;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  return start < end ? { start, end } : null;
}

function splitSegment(text: string, segmentStart: number, segmentEnd: number): TextSegment[] {
  const sentences: TextSegment[] = [];
  let sentenceStart = segmentStart;
  const runInTerms = runInTermEnds(text, segmentStart, segmentEnd);
  const terminator = new RegExp(TERMINATOR.source, 'g');
  terminator.lastIndex = segmentStart;
  for (;;) {
    const match = terminator.exec(text);
    if (!match || match.index >= segmentEnd) break;
    const end = Math.min(match.index + match[0].length, segmentEnd);
    if (end < segmentEnd && !/\s/.test(text[end] ?? '')) continue;
    let next = end;
    while (next < segmentEnd && /\s/.test(text[next] ?? '')) next += 1;
    const candidate: Candidate = {
      punctuation: text.slice(match.index, end),
      previousWord: previousWordBefore(text, match.index, segmentStart),
      wordBefore: wordBeforeWordAt(text, match.index, segmentStart),
      nextWord: nextWordAt(text, next, segmentEnd),
    };
    if (!endsSentence(candidate)) continue;
    if (end === match.index + 1 && runInTerms.size > 0) {
      // In a list of definitions, a term the PDF's extraction ran on into the line before
      // ("…the cloud provider. Hybrid cloud. The cloud infrastructure is…") is one too.
      if (runInTerms.has(match.index)) continue;
      const before = text.slice(sentenceStart, match.index).trim();
      if (isRunInTerm(before) && namesAThing(before)) continue;
    }
    if (LIST_ENUMERATOR.test(text.slice(sentenceStart, end).trim())) continue;
    const sentence = trimmedSpan(text, sentenceStart, end);
    if (sentence) sentences.push(sentence);
    sentenceStart = next;
  }
  const rest = trimmedSpan(text, sentenceStart, segmentEnd);
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * Splits English text into sentences. Every sentence is a trimmed substring of the input, so
 * soft line wraps inside a sentence are kept as they were.
 *
 * A period does not end a sentence after a known abbreviation (Mr., e.g., vs., St., "No." before
 * a number), an initial (J. R. R. Tolkien) or a dotted acronym (U.S.) unless a typical sentence
 * opener follows, nor when the next word starts in lower case. Blank lines and lines that start
 * list items, markdown headings, quotes or table rows always break; so does the line after a
 * short unpunctuated title line. Sentences glued without a space ("end.Next") are not split.
 */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map(({ start, end }) => text.slice(start, end));
}

/** Where `splitSentences`' sentences are in `text`: [start, end) of each, in order. */
export function sentenceSpans(text: string): TextSegment[] {
  const spans: TextSegment[] = [];
  for (const segment of hardSegments(text)) {
    spans.push(...splitSegment(text, segment.start, segment.end));
  }
  return spans;
}
