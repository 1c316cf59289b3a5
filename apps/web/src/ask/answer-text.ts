/** A run of text, marked (the short answer, the quoted sentence) or not. */
export interface TextRun {
  text: string;
  marked: boolean;
}

/**
 * The answer split around the first occurrence of its short answer (the words to set in bold);
 * the whole answer unmarked when there is no short answer or the answer does not contain it.
 */
export function shortAnswerRuns(answer: string, shortAnswer: string | null | undefined): TextRun[] {
  const at = shortAnswer ? answer.indexOf(shortAnswer) : -1;
  if (!shortAnswer || at < 0) return [{ text: answer, marked: false }];
  return runs([
    [answer.slice(0, at), false],
    [shortAnswer, true],
    [answer.slice(at + shortAnswer.length), false],
  ]);
}

export interface Span {
  start: number;
  end: number;
}

/**
 * An excerpt split around its highlight. The API counts the offsets in Unicode code points (the
 * same in every client language), not in the UTF-16 units a JavaScript string is indexed by, so
 * the text is cut as an array of code points. A span outside the text marks nothing.
 */
export function highlightRuns(text: string, highlight: Span | null | undefined): TextRun[] {
  const points = Array.from(text);
  if (!isSpanOf(points, highlight)) return [{ text, marked: false }];
  return runs([
    [points.slice(0, highlight.start).join(''), false],
    [points.slice(highlight.start, highlight.end).join(''), true],
    [points.slice(highlight.end).join(''), false],
  ]);
}

/** Code points kept on each side of the highlight when an excerpt is shown shortened. */
export const CONTEXT_POINTS = 160;

/**
 * A long excerpt shortened to its highlight and some context on each side, cut at a space and
 * marked with an ellipsis where text was left out; `null` when there is nothing to leave out
 * (a short excerpt, or no highlight to centre on).
 */
export function shortenedRuns(
  text: string,
  highlight: Span | null | undefined,
  context = CONTEXT_POINTS,
): TextRun[] | null {
  const points = Array.from(text);
  if (!isSpanOf(points, highlight)) return null;
  let from = Math.max(0, highlight.start - context);
  let to = Math.min(points.length, highlight.end + context);
  // Cut where a word ends, so no half word is shown next to the ellipsis.
  if (from > 0) {
    const space = points.indexOf(' ', from);
    from = space >= 0 && space < highlight.start ? space + 1 : highlight.start;
  }
  if (to < points.length) {
    const space = points.lastIndexOf(' ', to);
    to = space >= highlight.end ? space : highlight.end;
  }
  if (from === 0 && to === points.length) return null;
  const shortened = highlightRuns(points.slice(from, to).join(''), {
    start: highlight.start - from,
    end: highlight.end - from,
  });
  return [
    ...(from > 0 ? [{ text: '… ', marked: false }] : []),
    ...shortened,
    ...(to < points.length ? [{ text: ' …', marked: false }] : []),
  ];
}

function isSpanOf(points: string[], span: Span | null | undefined): span is Span {
  return (
    !!span &&
    Number.isInteger(span.start) &&
    Number.isInteger(span.end) &&
    span.start >= 0 &&
    span.start < span.end &&
    span.end <= points.length
  );
}

function runs(parts: Array<[string, boolean]>): TextRun[] {
  return parts.filter(([text]) => text !== '').map(([text, marked]) => ({ text, marked }));
}

/** A run of answer text, or a citation marker `[n]`. */
export type CitedRun = { text: string; marked: boolean } | { marker: number };

/**
 * Text runs with their `[n]` markers split out (each to be drawn as a link to its ref); a
 * marker the exchange does not know stays text.
 */
export function citationRuns(runs: TextRun[], known: (marker: number) => boolean): CitedRun[] {
  return runs.flatMap((run): CitedRun[] => {
    const parts = run.text.split(/(\[\d+\])/);
    return parts.flatMap((part): CitedRun[] => {
      const marker = /^\[(\d+)\]$/.exec(part);
      if (marker && known(Number(marker[1]))) return [{ marker: Number(marker[1]) }];
      return part === '' ? [] : [{ text: part, marked: run.marked }];
    });
  });
}
