import type { Passage } from '@docent/answerers';
import type { AskResult, AskService } from '@docent/retrieval';
import type { loadSquad, SquadQuestion } from '../datasets/squad';
import { mean, median } from '../metrics/ranking-metrics';
import { containsAnswer, exactMatch, f1, wordCount } from '../metrics/squad-metrics';
import type { BenchRow } from '../support/report';
import { round } from '../support/stats';
import type { buildFollowUps } from '../suites/follow-up-set';

export interface SquadScores {
  /** Retrieval: the first (any of the first five) passage holds the answer. */
  recallAt1: number;
  recallAt5: number;
  /** Retrieval: the first passage is from the question's article. */
  articleHitAt1: number;
  /** The answer: found, and its first ref (the quoted passage) is from the right article. */
  answerArticleHitAt1: number;
  containment: number;
  medianWords: number;
  /** Of the whole answer against the gold span (SQuAD's own measure). */
  em: number;
  f1: number;
  /** Of `short_answer` (none counts 0). */
  shortEm: number;
  shortF1: number;
  /** Share of answers with a short answer. */
  shortGiven: number;
  /** Share answered "not found" (every question here is answerable). */
  notFound: number;
  latencies: number[];
}

/** A deterministic, evenly spread sample (every question when no limit). */
export function sampleQuestions<T>(questions: T[], limit?: number): T[] {
  if (!limit || limit >= questions.length) return questions;
  const step = questions.length / limit;
  return Array.from({ length: limit }, (_, i) => questions[Math.floor(i * step)]!);
}

export async function scoreSquad(
  ask: AskService,
  accountId: string,
  collection: string,
  questions: SquadQuestion[],
  misses?: unknown[],
): Promise<SquadScores> {
  const r1: number[] = [];
  const r5: number[] = [];
  const hit: number[] = [];
  const contained: number[] = [];
  const words: number[] = [];
  const em: number[] = [];
  const f: number[] = [];
  const latencies: number[] = [];
  const answerHit: number[] = [];
  const shortEm: number[] = [];
  const shortF: number[] = [];
  const shortGiven: number[] = [];
  const notFound: number[] = [];
  for (const q of questions) {
    const input = {
      namespaceName: 'bench',
      collectionName: collection,
      question: q.question,
      topK: 5,
    };
    // Retrieval is measured on what retrieval ranks, not on the refs an answer keeps.
    let ranked: readonly Passage[] = [];
    const t = performance.now();
    const result = await ask.ask(accountId, input, { onRetrieved: (p) => (ranked = p) });
    latencies.push(performance.now() - t);
    const passages = ranked.slice(0, 5);
    const passageHas = (i: number) => containsAnswer(passages[i]?.text ?? '', q.answers);
    r1.push(passageHas(0) ? 1 : 0);
    r5.push(passages.some((_, i) => passageHas(i)) ? 1 : 0);
    hit.push(passages[0]?.docName === q.article ? 1 : 0);
    answerHit.push(result.found && result.refs[0]?.docName === q.article ? 1 : 0);
    contained.push(result.found && containsAnswer(result.answer, q.answers) ? 1 : 0);
    notFound.push(result.found ? 0 : 1);
    if (misses && contained[contained.length - 1] === 0 && r5[r5.length - 1] === 1) {
      misses.push({
        question: q.question,
        gold: q.answers,
        answer: result.answer,
        short: result.shortAnswer,
        top: passages[0]?.text.slice(0, 300),
      });
    }
    if (result.found) words.push(wordCount(result.answer));
    em.push(exactMatch(result.answer, q.answers));
    f.push(f1(result.answer, q.answers));
    shortGiven.push(result.shortAnswer ? 1 : 0);
    shortEm.push(result.shortAnswer ? exactMatch(result.shortAnswer, q.answers) : 0);
    shortF.push(result.shortAnswer ? f1(result.shortAnswer, q.answers) : 0);
  }
  return {
    recallAt1: mean(r1),
    recallAt5: mean(r5),
    articleHitAt1: mean(hit),
    answerArticleHitAt1: mean(answerHit),
    containment: mean(contained),
    medianWords: median(words),
    em: 100 * mean(em),
    f1: 100 * mean(f),
    shortEm: 100 * mean(shortEm),
    shortF1: 100 * mean(shortF),
    shortGiven: mean(shortGiven),
    notFound: mean(notFound),
    latencies,
  };
}

export function squadRows(
  byMode: Record<string, SquadScores>,
  baseline?: Omit<SquadScores, 'latencies'>,
): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [name, s] of [
    ...Object.entries(byMode),
    ...(baseline ? [['baseline (BM25 paragraphs + best sentence)', baseline] as const] : []),
  ]) {
    rows.push(
      { metric: `SQuAD passage recall@1 (${name})`, value: round(s.recallAt1, 3), unit: '' },
      { metric: `SQuAD passage recall@5 (${name})`, value: round(s.recallAt5, 3), unit: '' },
      { metric: `SQuAD article hit@1 (${name})`, value: round(s.articleHitAt1, 3), unit: '' },
      {
        metric: `SQuAD answer's ref from the right article (${name})`,
        value: round(s.answerArticleHitAt1, 3),
        unit: '',
        note: `"not found" ${round(s.notFound, 3)}`,
      },
      {
        metric: `SQuAD answer containment (${name})`,
        value: round(s.containment, 3),
        unit: '',
        note: `median ${round(s.medianWords, 1)} words`,
      },
      {
        metric: `SQuAD EM / F1 of the answer (${name})`,
        value: `${round(s.em, 1)} / ${round(s.f1, 1)}`,
        unit: '',
      },
      {
        metric: `SQuAD short_answer EM / F1 (${name})`,
        value: `${round(s.shortEm, 1)} / ${round(s.shortF1, 1)}`,
        unit: '',
        note: `given for ${round(100 * s.shortGiven, 1)} %`,
      },
    );
  }
  return rows;
}

export async function scoreFollowUps(
  ask: AskService,
  accountId: string,
  pairs: ReturnType<typeof buildFollowUps>,
): Promise<{
  full: number;
  bare: number;
  withHistory: number;
  pairs: number;
  examples: unknown[];
}> {
  const full: number[] = [];
  const bare: number[] = [];
  const history: number[] = [];
  const recall5 = (r: AskResult, answers: string[]) =>
    r.refs.some((ref) => containsAnswer(ref.sampleText, answers)) ? 1 : 0;
  for (const p of pairs) {
    const input = { namespaceName: 'bench', collectionName: 'squad', topK: 5 };
    full.push(recall5(await ask.ask(accountId, { ...input, question: p.full }), p.answers));
    bare.push(recall5(await ask.ask(accountId, { ...input, question: p.followUp }), p.answers));
    history.push(
      recall5(
        await ask.ask(accountId, {
          ...input,
          question: p.followUp,
          history: [{ question: p.previous, answer: p.previousAnswer }],
        }),
        p.answers,
      ),
    );
  }
  return {
    full: mean(full),
    bare: mean(bare),
    withHistory: mean(history),
    pairs: pairs.length,
    examples: pairs.slice(0, 5),
  };
}

export async function scoreUnanswerable(
  ask: AskService,
  askWithoutThreshold: AskService,
  accountId: string,
  squad: ReturnType<typeof loadSquad>,
  half: number,
  limit?: number,
  keep: (q: SquadQuestion) => boolean = () => true,
  /** Collects the answerable questions the thresholds refused that contain the answer without them. */
  refused?: Array<{ question: string; reason: string | null; answerWithout: string }>,
): Promise<{
  notFoundRate: number;
  unanswerable: number;
  containmentWith: number;
  containmentWithout: number;
  answerable: number;
}> {
  const present = new Set(squad.articles.slice(0, half).map((a) => a.title));
  const absent = sampleQuestions(
    squad.questions.filter((q) => keep(q) && !present.has(q.article)),
    limit ? Math.ceil(limit / 2) : undefined,
  );
  const answerable = sampleQuestions(
    squad.questions.filter((q) => keep(q) && present.has(q.article)),
    limit ? Math.ceil(limit / 2) : undefined,
  );
  const input = { namespaceName: 'bench', collectionName: 'squad-half', topK: 5 };
  let notFound = 0;
  for (const q of absent)
    if (!(await ask.ask(accountId, { ...input, question: q.question })).found) notFound++;
  let withT = 0;
  let withoutT = 0;
  for (const q of answerable) {
    const a = await ask.ask(accountId, { ...input, question: q.question });
    if (a.found && containsAnswer(a.answer, q.answers)) withT++;
    const b = await askWithoutThreshold.ask(accountId, { ...input, question: q.question });
    if (containsAnswer(b.answer, q.answers)) {
      withoutT++;
      if (!a.found) {
        refused?.push({ question: q.question, reason: a.notFoundReason, answerWithout: b.answer });
      }
    }
  }
  return {
    notFoundRate: notFound / absent.length,
    unanswerable: absent.length,
    containmentWith: withT / answerable.length,
    containmentWithout: withoutT / answerable.length,
    answerable: answerable.length,
  };
}
