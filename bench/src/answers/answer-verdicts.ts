import type {
  AnswerableQuestion,
  FollowUpQuestion,
  NearMissQuestion,
  Split,
} from '@docent/source-fakes';
import { exactMatch, f1, normalizeAnswer } from '../metrics/squad-metrics';
import { answerFaults, type FaultKind, type SourceMarkup } from './answer-cleanliness';
import { wordCount } from '../metrics/squad-metrics';
import { codePointSlice, highlightHoldsSentence, holdsPhrase, holdsSentence } from './answer-text';
import type { GoldContext } from './gold-locations';

/** `POST /docs/ask` as the client reads it. */
export interface AskReply {
  answer: string;
  found: boolean;
  short_answer: string | null;
  refs: Array<{
    doc_name: string;
    page_num: number;
    sample_text: string;
    highlight?: { start: number; end: number } | null;
  }>;
}

export interface AnswerableVerdict {
  kind: 'answerable';
  id: string;
  split: Split;
  question: string;
  answer: string;
  shortAnswer: string | null;
  goldShortAnswer: string | null;
  found: boolean;
  /** Every fact word of the gold is in the answer. */
  holdsFacts: boolean;
  /** The expected sentence is in the answer (rows and terms: their words in order). */
  holdsSentence: boolean;
  /** refs[0] is a page holding the expected sentence. */
  rightPageFirst: boolean;
  /** refs[0]'s highlight marks a span holding the expected sentence. */
  highlightCovers: boolean;
  /** Only judged when found: what makes the answer unclean. */
  faults: FaultKind[];
  /** SQuAD exact match and token F1 of short_answer, when the gold names a span. */
  shortExact: number | null;
  shortF1: number | null;
  refs: number;
  words: number;
}

export interface NearMissVerdict {
  kind: 'near_miss';
  id: string;
  split: Split;
  question: string;
  answer: string;
  found: boolean;
  refs: number;
}

export interface FollowUpVerdict {
  kind: 'follow_up';
  id: string;
  split: Split;
  question: string;
  answer: string;
  found: boolean;
  holdsFacts: boolean;
  rightPageFirst: boolean;
  /** Facts of the other entity found in the answer. */
  otherFactsHeld: string[];
  /** Found, holds the entity's facts and none of the other entity's. */
  oneEntity: boolean;
  faults: FaultKind[];
}

export type Verdict = AnswerableVerdict | NearMissVerdict | FollowUpVerdict;

function firstRefHolds(
  reply: AskReply,
  sentence: string,
  holder: AnswerableQuestion['holder'],
  gold: GoldContext,
): { rightPageFirst: boolean; highlightCovers: boolean } {
  const first = reply.refs[0];
  if (!reply.found || !first) return { rightPageFirst: false, highlightCovers: false };
  const highlight = first.highlight;
  return {
    rightPageFirst: gold.pagesHolding.includes(first.doc_name),
    highlightCovers:
      highlight != null &&
      highlightHoldsSentence(
        codePointSlice(first.sample_text, highlight.start, highlight.end),
        sentence,
        holder,
        gold.headerTokens,
      ),
  };
}

export function judgeAnswerable(
  question: AnswerableQuestion,
  split: Split,
  reply: AskReply,
  gold: GoldContext,
  markup: SourceMarkup,
): AnswerableVerdict {
  const expected = {
    sentence: question.answerSentence,
    allowedTokens: gold.allowedTokens,
    otherFacts: question.otherFacts ?? [],
  };
  const goldShort = question.shortAnswer;
  const given = reply.found ? reply.short_answer : null;
  return {
    kind: 'answerable',
    id: question.id,
    split,
    question: question.question,
    answer: reply.answer,
    shortAnswer: given,
    goldShortAnswer: goldShort,
    found: reply.found,
    holdsFacts: reply.found && question.facts.every((fact) => holdsPhrase(reply.answer, fact)),
    holdsSentence:
      reply.found && holdsSentence(reply.answer, question.answerSentence, question.holder),
    ...firstRefHolds(reply, question.answerSentence, question.holder, gold),
    faults: reply.found ? answerFaults(reply.answer, expected, markup) : [],
    ...shortAnswerScores(given, goldShort),
    refs: reply.refs.length,
    words: wordCount(reply.answer),
  };
}

/**
 * SQuAD exact match and token F1 of a short answer; a gold span of punctuation alone ("#"),
 * which SQuAD's normalisation empties, must be given as written. Null when no span is asked.
 */
export function shortAnswerScores(
  given: string | null,
  gold: string | null,
): { shortExact: number | null; shortF1: number | null } {
  if (gold === null) return { shortExact: null, shortF1: null };
  if (normalizeAnswer(gold) === '') {
    const same = given?.trim() === gold.trim() ? 1 : 0;
    return { shortExact: same, shortF1: same };
  }
  return { shortExact: exactMatch(given ?? '', [gold]), shortF1: f1(given ?? '', [gold]) };
}

export function judgeNearMiss(
  question: NearMissQuestion,
  split: Split,
  reply: AskReply,
): NearMissVerdict {
  return {
    kind: 'near_miss',
    id: question.id,
    split,
    question: question.question,
    answer: reply.answer,
    found: reply.found,
    refs: reply.refs.length,
  };
}

export function judgeFollowUp(
  followUp: FollowUpQuestion,
  split: Split,
  reply: AskReply,
  gold: GoldContext,
  markup: SourceMarkup,
): FollowUpVerdict {
  const holdsFacts = reply.found && followUp.facts.every((fact) => holdsPhrase(reply.answer, fact));
  const otherFactsHeld = followUp.otherFacts.filter((fact) => holdsPhrase(reply.answer, fact));
  return {
    kind: 'follow_up',
    id: followUp.id,
    split,
    question: followUp.question,
    answer: reply.answer,
    found: reply.found,
    holdsFacts,
    rightPageFirst: firstRefHolds(reply, followUp.answerSentence, followUp.holder, gold)
      .rightPageFirst,
    otherFactsHeld,
    oneEntity: holdsFacts && otherFactsHeld.length === 0,
    faults: reply.found
      ? answerFaults(
          reply.answer,
          {
            sentence: followUp.answerSentence,
            allowedTokens: gold.allowedTokens,
            otherFacts: followUp.otherFacts,
          },
          markup,
        )
      : [],
  };
}
