import type { AskResult, AskService } from '@docent/retrieval';
import type { loadSquad, SquadQuestion } from '../datasets/squad';
import { mean, median } from '../metrics/ranking-metrics';
import { containsAnswer, exactMatch, f1, wordCount } from '../metrics/squad-metrics';
import type { BenchRow } from '../support/report';
import { round } from '../support/stats';
import type { buildFollowUps } from '../suites/follow-up-set';

export interface SquadScores {
  recallAt1: number;
  recallAt5: number;
  articleHitAt1: number;
  containment: number;
  medianWords: number;
  em: number;
  f1: number;
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
  for (const q of questions) {
    const t = performance.now();
    const result = await ask.ask(accountId, {
      namespaceName: 'bench',
      collectionName: collection,
      question: q.question,
      topK: 5,
    });
    latencies.push(performance.now() - t);
    const refHas = (i: number) => containsAnswer(result.refs[i]?.sampleText ?? '', q.answers);
    r1.push(refHas(0) ? 1 : 0);
    r5.push(result.refs.some((_, i) => refHas(i)) ? 1 : 0);
    hit.push(result.refs[0]?.docName === q.article ? 1 : 0);
    contained.push(result.found && containsAnswer(result.answer, q.answers) ? 1 : 0);
    if (misses && contained[contained.length - 1] === 0 && r5[r5.length - 1] === 1) {
      misses.push({
        question: q.question,
        gold: q.answers,
        answer: result.answer,
        top: result.refs[0]?.sampleText.slice(0, 300),
      });
    }
    if (result.found) words.push(wordCount(result.answer));
    em.push(exactMatch(result.answer, q.answers));
    f.push(f1(result.answer, q.answers));
  }
  return {
    recallAt1: mean(r1),
    recallAt5: mean(r5),
    articleHitAt1: mean(hit),
    containment: mean(contained),
    medianWords: median(words),
    em: 100 * mean(em),
    f1: 100 * mean(f),
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
        metric: `SQuAD answer containment (${name})`,
        value: round(s.containment, 3),
        unit: '',
        note: `median ${round(s.medianWords, 1)} words`,
      },
      {
        metric: `SQuAD EM / F1 (${name})`,
        value: `${round(s.em, 1)} / ${round(s.f1, 1)}`,
        unit: '',
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
    if (containsAnswer(b.answer, q.answers)) withoutT++;
  }
  return {
    notFoundRate: notFound / absent.length,
    unanswerable: absent.length,
    containmentWith: withT / answerable.length,
    containmentWithout: withoutT / answerable.length,
    answerable: answerable.length,
  };
}
