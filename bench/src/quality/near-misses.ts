import type { AskService } from '@docent/retrieval';
import { contentWords, words } from '@docent/text-segmentation';
import type { SquadData, SquadQuestion } from '../datasets/squad';
import { sampleQuestions } from './squad-scores';

/** An answerable question whose distinguishing thing was swapped for one the collection lacks. */
export interface NearMiss {
  question: string;
  original: string;
  article: string;
  /** What was swapped: a name (capitalised run or number) or the question's rarest noun-like word. */
  kind: 'name' | 'word';
  from: string;
  to: string;
}

/**
 * Near misses made from SQuAD: questions about the articles a collection holds, each with the
 * thing it is about replaced by one from an article the collection does not hold — a name for a
 * name ("Super Bowl 50" → "Tour de France"), else its rarest word for a word no paragraph of
 * the collection uses. The rest of the question, and so its neighbours in the collection, stay:
 * what a near miss is.
 */
export function buildNearMisses(
  squad: SquadData,
  present: ReadonlySet<string>,
  limit?: number,
  keep: (q: SquadQuestion) => boolean = () => true,
): NearMiss[] {
  const vocabulary = new Set<string>();
  const df = new Map<string, number>();
  for (const article of squad.articles.filter((a) => present.has(a.title))) {
    for (const paragraph of article.paragraphs) {
      const seen = new Set(words(`${article.title} ${paragraph}`));
      for (const w of seen) {
        vocabulary.add(w);
        df.set(w, (df.get(w) ?? 0) + 1);
      }
    }
  }
  const absentOnly = (text: string) => words(text).every((w) => !vocabulary.has(w));
  const absentQuestions = squad.questions.filter((q) => !present.has(q.article));
  const foreignNames = [
    ...new Set(absentQuestions.flatMap((q) => namesOf(q.question)).filter(absentOnly)),
  ];
  const foreignWords = [
    ...new Set(
      absentQuestions.flatMap((q) =>
        contentWords(q.question).filter(
          (w) => w.length > 4 && /^\p{Ll}+$/u.test(w) && absentOnly(w),
        ),
      ),
    ),
  ];
  const out: NearMiss[] = [];
  const candidates = squad.questions.filter((q) => present.has(q.article) && keep(q));
  candidates.forEach((q, i) => {
    const names = namesOf(q.question).filter((n) => !absentOnly(n));
    if (names.length > 0 && foreignNames.length > 0) {
      const from = names.reduce((a, b) => (b.length > a.length ? b : a));
      const to = foreignNames[i % foreignNames.length]!;
      out.push({
        question: q.question.replace(from, to),
        original: q.question,
        article: q.article,
        kind: 'name',
        from,
        to,
      });
      return;
    }
    const rarest = contentWords(q.question)
      .filter((w) => /^\p{Ll}+$/u.test(w) && w.length > 3 && vocabulary.has(w))
      .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0))[0];
    if (rarest && foreignWords.length > 0) {
      const to = foreignWords[i % foreignWords.length]!;
      const question = q.question.replace(new RegExp(`\\b${rarest}\\b`), to);
      if (question !== q.question) {
        out.push({
          question,
          original: q.question,
          article: q.article,
          kind: 'word',
          from: rarest,
          to,
        });
      }
    }
  });
  return sampleQuestions(out, limit);
}

export interface NearMissScores {
  questions: number;
  notFoundRate: number;
  byKind: Record<string, { questions: number; notFoundRate: number }>;
  /** The first answered ones: what a wrong answer to a near miss looks like. */
  answered: Array<{ question: string; original: string; answer: string }>;
}

export async function scoreNearMisses(
  ask: AskService,
  accountId: string,
  collection: string,
  nearMisses: NearMiss[],
): Promise<NearMissScores> {
  const byKind: Record<string, { questions: number; notFound: number }> = {};
  const answered: NearMissScores['answered'] = [];
  let notFound = 0;
  for (const nearMiss of nearMisses) {
    const result = await ask.ask(accountId, {
      namespaceName: 'bench',
      collectionName: collection,
      question: nearMiss.question,
      topK: 5,
    });
    const kind = (byKind[nearMiss.kind] ??= { questions: 0, notFound: 0 });
    kind.questions++;
    if (!result.found) {
      notFound++;
      kind.notFound++;
    } else if (answered.length < 20) {
      answered.push({
        question: nearMiss.question,
        original: nearMiss.original,
        answer: result.answer,
      });
    }
  }
  return {
    questions: nearMisses.length,
    notFoundRate: nearMisses.length === 0 ? 0 : notFound / nearMisses.length,
    byKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, k]) => [
        kind,
        { questions: k.questions, notFoundRate: k.notFound / k.questions },
      ]),
    ),
    answered,
  };
}

/** Capitalised runs after a question's first word, and numbers ("Super Bowl 50", "1066"). */
function namesOf(question: string): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length > 0) out.push(run.join(' '));
    run = [];
  };
  question
    .replace(/[?!.]+$/, '')
    .split(/\s+/)
    .forEach((token, index) => {
      const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const named = index > 0 && (/^\p{Lu}/u.test(bare) || /^\d[\d,.]*$/.test(bare));
      if (named && bare === token.replace(/[,;:]$/, '')) run.push(bare);
      else {
        if (named) run.push(bare);
        close();
      }
    });
  close();
  return out;
}
