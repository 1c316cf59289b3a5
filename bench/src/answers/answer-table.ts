import { alignedTable, mark, shorten } from '../quality/real-document-table';
import type { Verdict } from './answer-verdicts';

/** One verdict's columns: what was asked, what came back, and how it was judged. */
function cells(verdict: Verdict, widths: { question: number; answer: number }): string[] {
  const question = shorten(verdict.question, widths.question);
  const answer = shorten(verdict.found ? verdict.answer : '(not found)', widths.answer);
  switch (verdict.kind) {
    case 'answerable':
      return [
        verdict.split,
        'Q',
        question,
        mark(verdict.found),
        mark(verdict.holdsFacts),
        mark(verdict.holdsSentence),
        mark(verdict.rightPageFirst),
        mark(verdict.highlightCovers),
        verdict.found ? verdict.faults.join(',') || 'clean' : '-',
        verdict.goldShortAnswer === null && verdict.shortAnswer === null
          ? '-'
          : `${shorten(verdict.shortAnswer ?? '∅', 24)} | ${shorten(verdict.goldShortAnswer ?? '∅', 24)}`,
        answer,
      ];
    case 'near_miss':
      return [
        verdict.split,
        'miss',
        question,
        verdict.found ? 'ANSWERED' : 'not found',
        '',
        '',
        '',
        '',
        verdict.refs > 0 ? `${verdict.refs} refs` : '',
        '',
        answer,
      ];
    case 'follow_up':
      return [
        verdict.split,
        'follow',
        question,
        mark(verdict.found),
        mark(verdict.holdsFacts),
        '',
        mark(verdict.rightPageFirst),
        '',
        verdict.otherFactsHeld.length > 0
          ? `OTHER: ${verdict.otherFactsHeld.join(',')}`
          : verdict.found
            ? verdict.faults.join(',') || 'clean'
            : '-',
        '',
        answer,
      ];
  }
}

/**
 * The verdicts as aligned text lines: split, kind, question, found, facts held, sentence held,
 * refs[0] on the answer page, highlight covers the sentence, faults ("clean" when none),
 * short answer given | gold, answer.
 */
export function formatAnswerTable(
  verdicts: readonly Verdict[],
  widths = { question: 58, answer: 96 },
): string[] {
  const header = [
    'split',
    'kind',
    'question',
    'found',
    'facts',
    'sentence',
    'page',
    'highlight',
    'faults',
    'short (given | gold)',
    'answer',
  ];
  return alignedTable(
    header,
    verdicts.map((v) => cells(v, widths)),
  );
}
