import { stemTerm } from './term-stem';

/** What kind of answer a question expects, read from its wording. */
export type QuestionCue =
  | { kind: 'person' }
  | { kind: 'place' }
  | { kind: 'identifier' }
  | { kind: 'quantity' }
  /** "How often": a rate or period ("every year", "at least annually", "twice a day"). */
  | { kind: 'frequency' }
  /** A time; `month` / `year` when the question names the unit it wants ("in what month and year"). */
  | { kind: 'time'; month: boolean; year: boolean }
  /** "Which four tiers…": a list of that many things. */
  | { kind: 'list'; count: number };

const MONTHS =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b/i;
/** A UUID, or a token mixing letters or dashes with digits (E4711, v1.2.3, 8431-A). */
const IDENTIFIER = /\b[0-9a-f]{8}-[0-9a-f]{4}-|\b(?=[\w.-]*\d)(?=[\w.-]*[a-z-])[\w.-]{3,}\b/i;
const WEEKDAYS = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/i;
const YEAR = /\b(1[0-9]{3}|20[0-9]{2})s?\b/;
/** "the 17th century", "the mid-18th century", "2nd century BCE", "AD 1500", "300 BC". */
const ERA =
  /\b\d{1,2}(?:st|nd|rd|th)[\s-]+centur(?:y|ies)\b|\b\d{1,4}\s*(?:BC|BCE|AD|CE)\b|\bAD\s*\d{1,4}\b/;
/** 2020-08-11, 8/11/2020, 11.08.2020. */
const NUMERIC_DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;
/** A number in digits or words, or one unit of time or count said with "a" ("a week"). */
const NUMBER =
  /(\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?|half|once|twice|several|few|couple)\b|\ban? (second|minute|hour|day|week|fortnight|month|quarter|year|decade|century|dozen|hundred|thousand|million)\b)/i;
const FREQUENCY =
  /\b(every|each|per|annually|yearly|monthly|weekly|daily|hourly|quarterly|biweekly|once|twice|continuously)\b|\b\d+ times\b/i;
const COUNT_WORDS = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** "which four", "what are the three", "name the two", "list five": a count of things asked for. */
const LIST_QUESTION = new RegExp(
  `\\b(?:which|what(?: (?:are|were|is|was))?(?: the)?|name(?: the)?|list(?: the)?|the)\\s+(${COUNT_WORDS.join('|')}|[2-9]|1[0-9])\\b(?!\\s*(?:%|percent|years?|months?|days?|hours?|minutes?|seconds?)\\b)`,
);
/** A list item at the start of a line or after a lead-in: "- x", "• x", "3. x". */
const LIST_ITEM = /(?:^|\s)(?:[-*•]|\d{1,3}[.)])\s+\S/g;

/**
 * The question word that asks, lower-cased: the first one. A later one opens a clause about the
 * subject ("what colour did they wear when Elway was quarterback?", "what is the stadium where…").
 */
export function askingWord(question: string): string | undefined {
  return /\b(what|which|who|whom|whose|when|where|how|why)\b/.exec(question.toLowerCase())?.[1];
}

export function questionCues(question: string): QuestionCue[] {
  const q = question.toLowerCase();
  const cues: QuestionCue[] = [];
  const asking = askingWord(q);
  if (/\b(who|whom|whose)\b/.test(q)) cues.push({ kind: 'person' });
  const unit =
    /\b(?:what|which|in what|in which)\s+((?:year|date|day|month|time|century|decade)(?:\s+and\s+(?:year|month|day))?)\b/.exec(
      q,
    );
  if (unit || asking === 'when' || /\bhow long ago\b/.test(q)) {
    const named = unit?.[1] ?? '';
    cues.push({ kind: 'time', month: /\bmonth\b/.test(named), year: /\byear\b/.test(named) });
  }
  if (/\bhow often\b/.test(q)) {
    cues.push({ kind: 'frequency' });
  } else if (
    /\bhow (many|much|long|old|far|big|large|high|tall|fast)\b|\b(what|which) (percentage|percent|share|proportion|fraction|ratio|number|amount|size|port|version|value)\b|\b(largest|smallest|maximum|minimum|highest|lowest|longest|shortest)\b/.test(
      q,
    )
  ) {
    cues.push({ kind: 'quantity' });
  }
  if (
    asking === 'where' ||
    /\bwhat (city|country|state|place|region|location)\b|\bwhich (city|country|state|place|region)\b/.test(
      q,
    )
  ) {
    cues.push({ kind: 'place' });
  }
  if (
    /\b(which|what)\b/.test(q) &&
    /\b(uuid|guid|identifier|id|code|key|hash|token|serial|sku)\b/.test(q)
  ) {
    cues.push({ kind: 'identifier' });
  }
  const list = /\bhow many\b/.test(q) ? null : LIST_QUESTION.exec(q);
  if (list) {
    const word = list[1]!;
    const count = COUNT_WORDS.includes(word) ? COUNT_WORDS.indexOf(word) + 2 : Number(word);
    cues.push({ kind: 'list', count });
  }
  return cues;
}

/** Whether a sentence holds the kind of thing the question asks for, beyond its own words. */
export function sentenceMatchesCues(
  sentence: string,
  cues: QuestionCue[],
  questionStems: Set<string>,
): boolean {
  return cues.some((cue) => {
    switch (cue.kind) {
      case 'time':
        return holdsTime(sentence, cue);
      case 'quantity':
        return NUMBER.test(sentence);
      case 'frequency':
        return FREQUENCY.test(sentence);
      case 'identifier':
        return IDENTIFIER.test(sentence);
      case 'list':
        return holdsList(sentence, cue.count);
      case 'person':
      case 'place':
        return properNames(sentence).some((name) => !questionStems.has(stemTerm(name)));
    }
  });
}

function holdsTime(sentence: string, cue: { month: boolean; year: boolean }): boolean {
  if (cue.month || cue.year) {
    return (!cue.month || MONTHS.test(sentence)) && (!cue.year || YEAR.test(sentence));
  }
  return (
    YEAR.test(sentence) ||
    ERA.test(sentence) ||
    MONTHS.test(sentence) ||
    WEEKDAYS.test(sentence) ||
    NUMERIC_DATE.test(sentence)
  );
}

/**
 * A list of `count` things: that many list items (a lead-in kept with its list), or the
 * count named ("the four tiers are …") with an enumeration after it.
 */
function holdsList(sentence: string, count: number): boolean {
  const items = sentence.match(LIST_ITEM)?.length ?? 0;
  if (items >= count) return true;
  const named = new RegExp(`\\b(${COUNT_WORDS[count - 2] ?? '\\u0000'}|${count})\\b`, 'i');
  const separators = (sentence.match(/,|;|\band\b/g) ?? []).length;
  return named.test(sentence) && separators >= count - 1;
}

/** Capitalised words that do not start the sentence. */
function properNames(sentence: string): string[] {
  const words = sentence.split(/\s+/).slice(1);
  return words
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((w) => /^\p{Lu}[\p{L}'-]+$/u.test(w));
}
