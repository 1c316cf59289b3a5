import { answerTokens, holdsPhrase, tokensBeyond } from './answer-text';

/** What can make an answer unclean, each counted on its own. */
export const FAULT_KINDS = [
  'list_marker',
  'task_marker',
  'quote_marker',
  'table_pipe',
  'title_glued',
  'callout_emoji',
  'code_line',
  'other_fact',
  'extra_text',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What a source's pages hold that must not leak into an answer. */
export interface SourceMarkup {
  /** Panel and expand titles, toggle titles, callout labels: never part of a sentence. */
  titles: string[];
  /** Headings: glued only as "Heading:" or on a line of their own. */
  headings: string[];
  /** Lines of code blocks (trimmed). */
  codeLines: string[];
}

export interface ExpectedAnswer {
  sentence: string;
  /** Tokens an answer may hold besides the sentence: a row's other cells and headers, a term. */
  allowedTokens: readonly string[];
  /** A near-twin's facts. */
  otherFacts: readonly string[];
}

/** Extra tokens tolerated beyond the expected sentence (a heading word, a unit repeated). */
export const EXTRA_TOKEN_ALLOWANCE = 2;

/** Shortest code line that counts: shorter ones ("}", "fi") occur in prose too. */
const MIN_CODE_LINE = 8;

const LIST_MARKER = /(?:^|\n)[ \t]*(?:[-*•◦▪‣+]|\d{1,3}[.)]|[a-z][.)])[ \t]+\S/;
const TASK_MARKER = /\[[ xX]\]|[☐☑☒✅⬜]/u;
const QUOTE_MARKER = /(?:^|\n)[ \t]*>[ \t]*\S/;
/** Markers a title may hide behind at the start of an answer ("- [ ] ", "> ", "2. "). */
const LEADING_MARKERS = /^(?:\s*(?:[-*•◦▪‣+>]|\d{1,3}[.)]|\[[ xX]\])\s+)+/;
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/**
 * The faults of one answer against what was expected, each kind once:
 * - list_marker: a line starts with a bullet, a number or a letter marker ("- ", "2. ", "a) ");
 * - task_marker: a checkbox ("[ ]", "[x]", ☐...);
 * - quote_marker: a line starts with ">";
 * - table_pipe: more "|" than the expected sentence has;
 * - title_glued: a panel, expand, toggle or callout title opens the answer (after any marker) or
 *   precedes a colon,
 *   or a heading does ("Heading: ..." or a line of its own), when the sentence does not hold it;
 * - callout_emoji: a pictograph the sentence does not have;
 * - code_line: a line of a code block of the source (8 characters or more) the sentence does not hold;
 * - other_fact: a near-twin's fact;
 * - extra_text: more than EXTRA_TOKEN_ALLOWANCE tokens beyond the sentence and what the expected
 *   row or term may add (the next sentence, bullet or row glued on).
 */
export function answerFaults(
  answer: string,
  expected: ExpectedAnswer,
  markup: SourceMarkup,
): FaultKind[] {
  const faults = new Set<FaultKind>();
  const sentence = flat(expected.sentence);
  const text = flat(answer);
  const opening = flat(answer.replace(LEADING_MARKERS, ''));
  if (LIST_MARKER.test(answer) && !LIST_MARKER.test(expected.sentence)) faults.add('list_marker');
  if (TASK_MARKER.test(answer) && !TASK_MARKER.test(expected.sentence)) faults.add('task_marker');
  if (QUOTE_MARKER.test(answer) && !QUOTE_MARKER.test(expected.sentence)) {
    faults.add('quote_marker');
  }
  if (count(answer, '|') > count(expected.sentence, '|')) faults.add('table_pipe');
  const glued = (title: string) => {
    const t = flat(title);
    return (
      t !== '' &&
      !sentence.includes(t) &&
      (opening.startsWith(`${t} `) ||
        opening.startsWith(`${t}:`) ||
        opening === t ||
        text.includes(`${t}:`))
    );
  };
  const ownLine = (heading: string) =>
    answer.split('\n').some((line) => flat(line) === flat(heading));
  if (
    markup.titles.some(glued) ||
    markup.headings.some(
      (h) => !sentence.includes(flat(h)) && (text.includes(`${flat(h)}:`) || ownLine(h)),
    )
  ) {
    faults.add('title_glued');
  }
  const pictographs = (s: string) => new Set(s.match(PICTOGRAPH) ?? []);
  const allowedPictographs = pictographs(expected.sentence);
  if ([...pictographs(answer)].some((p) => !allowedPictographs.has(p))) faults.add('callout_emoji');
  if (
    markup.codeLines.some(
      (line) =>
        line.length >= MIN_CODE_LINE && text.includes(flat(line)) && !sentence.includes(flat(line)),
    )
  ) {
    faults.add('code_line');
  }
  if (
    expected.otherFacts.some(
      (fact) => holdsPhrase(answer, fact) && !holdsPhrase(expected.sentence, fact),
    )
  ) {
    faults.add('other_fact');
  }
  const beyond = tokensBeyond(answer, [
    ...answerTokens(expected.sentence),
    ...expected.allowedTokens,
  ]);
  if (beyond.length > EXTRA_TOKEN_ALLOWANCE) faults.add('extra_text');
  return FAULT_KINDS.filter((kind) => faults.has(kind));
}
