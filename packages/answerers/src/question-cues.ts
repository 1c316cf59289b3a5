import { stemTerm } from './term-stem';

/** What kind of answer a question expects, read from its wording. */
export type QuestionCue = 'person' | 'time' | 'quantity' | 'place' | 'identifier';

const MONTHS =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b/i;
/** A UUID, or a token mixing letters or dashes with digits (E4711, v1.2.3, 8431-A). */
const IDENTIFIER = /\b[0-9a-f]{8}-[0-9a-f]{4}-|\b(?=[\w.-]*\d)(?=[\w.-]*[a-z-])[\w.-]{3,}\b/i;
const WEEKDAYS = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/i;
const YEAR = /\b(1[0-9]{3}|20[0-9]{2})s?\b/;
const NUMBER =
  /(\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|once|twice)\b)/i;

export function questionCues(question: string): QuestionCue[] {
  const q = question.toLowerCase();
  const cues: QuestionCue[] = [];
  if (/\b(who|whom|whose)\b/.test(q)) cues.push('person');
  if (
    /\bwhen\b|\bwhat (year|date|day|month|time|century|decade)\b|\bwhich (year|date|day|month|century)\b|\bhow long ago\b/.test(
      q,
    )
  ) {
    cues.push('time');
  }
  if (
    /\bhow (many|much|long|old|far|big|large|high|tall|often|fast)\b|\b(what|which) (percentage|percent|number|amount|size|port|version)\b/.test(
      q,
    )
  ) {
    cues.push('quantity');
  }
  if (
    /\bwhere\b|\bwhat (city|country|state|place|region|location)\b|\bwhich (city|country|state|place|region)\b/.test(
      q,
    )
  ) {
    cues.push('place');
  }
  if (
    /\b(which|what)\b/.test(q) &&
    /\b(uuid|guid|identifier|id|code|key|hash|token|serial|sku)\b/.test(q)
  ) {
    cues.push('identifier');
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
    switch (cue) {
      case 'time':
        return YEAR.test(sentence) || MONTHS.test(sentence) || WEEKDAYS.test(sentence);
      case 'quantity':
        return NUMBER.test(sentence);
      case 'identifier':
        return IDENTIFIER.test(sentence);
      case 'person':
      case 'place':
        return properNames(sentence).some((name) => !questionStems.has(stemTerm(name)));
    }
  });
}

/** Capitalised words that do not start the sentence. */
function properNames(sentence: string): string[] {
  const words = sentence.split(/\s+/).slice(1);
  return words
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((w) => /^\p{Lu}[\p{L}'-]+$/u.test(w));
}
