import { mean, median } from '../metrics/ranking-metrics';
import type { BenchRow } from '../support/report';
import { round } from '../support/stats';
import { FAULT_KINDS, type FaultKind } from './answer-cleanliness';
import type {
  AnswerableVerdict,
  FollowUpVerdict,
  NearMissVerdict,
  Verdict,
} from './answer-verdicts';

/** Shares are of the questions of their kind; `clean` is of the answers given (found). */
export interface AnswerSummary {
  source: string;
  split: string;
  answerable: number;
  found: number;
  holdsFacts: number;
  holdsSentence: number;
  rightPageFirst: number;
  highlightCovers: number;
  answered: number;
  clean: number;
  faults: Record<FaultKind, number>;
  shortQuestions: number;
  shortExact: number;
  shortF1: number;
  /** Questions asking for no single thing that still got a short answer. */
  shortGivenWhenNone: number;
  refsPerAnswer: number;
  medianWords: number;
  nearMisses: number;
  nearMissNotFound: number;
  /** Refs returned with "not found" replies to near misses (should be none). */
  refsWithNotFound: number;
  followUps: number;
  followUpsOneEntity: number;
  followUpsWithOtherEntity: number;
}

function share<T>(items: T[], test: (item: T) => boolean): number {
  return items.length === 0 ? Number.NaN : items.filter(test).length / items.length;
}

export function summarise(source: string, split: string, verdicts: Verdict[]): AnswerSummary {
  const answerable = verdicts.filter((v): v is AnswerableVerdict => v.kind === 'answerable');
  const nearMisses = verdicts.filter((v): v is NearMissVerdict => v.kind === 'near_miss');
  const followUps = verdicts.filter((v): v is FollowUpVerdict => v.kind === 'follow_up');
  const answered = answerable.filter((v) => v.found);
  const withShort = answerable.filter((v) => v.goldShortAnswer !== null);
  const faults = Object.fromEntries(
    FAULT_KINDS.map((kind) => [kind, answered.filter((v) => v.faults.includes(kind)).length]),
  ) as Record<FaultKind, number>;
  const notFound = nearMisses.filter((v) => !v.found);
  return {
    source,
    split,
    answerable: answerable.length,
    found: share(answerable, (v) => v.found),
    holdsFacts: share(answerable, (v) => v.holdsFacts),
    holdsSentence: share(answerable, (v) => v.holdsSentence),
    rightPageFirst: share(answerable, (v) => v.rightPageFirst),
    highlightCovers: share(answerable, (v) => v.highlightCovers),
    answered: answered.length,
    clean: share(answered, (v) => v.faults.length === 0),
    faults,
    shortQuestions: withShort.length,
    shortExact: mean(withShort.map((v) => v.shortExact ?? 0)),
    shortF1: mean(withShort.map((v) => v.shortF1 ?? 0)),
    shortGivenWhenNone: answerable.filter((v) => v.goldShortAnswer === null && v.shortAnswer)
      .length,
    refsPerAnswer: mean(answered.map((v) => v.refs)),
    medianWords: median(answered.map((v) => v.words)),
    nearMisses: nearMisses.length,
    nearMissNotFound: share(nearMisses, (v) => !v.found),
    refsWithNotFound: notFound.reduce((sum, v) => sum + v.refs, 0),
    followUps: followUps.length,
    followUpsOneEntity: share(followUps, (v) => v.oneEntity),
    followUpsWithOtherEntity: followUps.filter((v) => v.otherFactsHeld.length > 0).length,
  };
}

const rate = (value: number) => (Number.isNaN(value) ? '-' : round(value, 3));

/** The figures of one source and split as bench rows (`label` names the model). */
export function summaryRows(summary: AnswerSummary, label: string): BenchRow[] {
  const name = (metric: string) => `${summary.source} ${summary.split}: ${metric} [${label}]`;
  const faultNote = FAULT_KINDS.map((kind) => `${kind} ${summary.faults[kind]}`).join(', ');
  const rows: BenchRow[] = [];
  if (summary.answerable > 0) {
    rows.push(
      {
        metric: name('answer holds facts / expected sentence'),
        value: `${rate(summary.holdsFacts)} / ${rate(summary.holdsSentence)}`,
        unit: '',
        note: `${summary.answerable} questions, found ${rate(summary.found)}, median ${summary.medianWords} words`,
      },
      {
        metric: name('refs[0] on the answer page / highlight covers sentence'),
        value: `${rate(summary.rightPageFirst)} / ${rate(summary.highlightCovers)}`,
        unit: '',
        note: `${round(summary.refsPerAnswer, 2)} refs per answer`,
      },
      {
        metric: name('clean answers'),
        value: rate(summary.clean),
        unit: '',
        note: `of ${summary.answered} answers; ${faultNote}`,
      },
      {
        metric: name('short_answer EM / F1'),
        value: `${rate(summary.shortExact)} / ${rate(summary.shortF1)}`,
        unit: '',
        note: `${summary.shortQuestions} questions with a span; ${summary.shortGivenWhenNone} spans given where none is asked`,
      },
    );
  }
  if (summary.nearMisses > 0) {
    rows.push({
      metric: name('near misses "not found"'),
      value: rate(summary.nearMissNotFound),
      unit: '',
      note: `${summary.nearMisses} questions; ${summary.refsWithNotFound} refs returned with "not found"`,
    });
  }
  if (summary.followUps > 0) {
    rows.push({
      metric: name('follow-ups holding only the expected entity'),
      value: rate(summary.followUpsOneEntity),
      unit: '',
      note: `${summary.followUps} follow-ups; ${summary.followUpsWithOtherEntity} name the other entity's fact`,
    });
  }
  return rows;
}
