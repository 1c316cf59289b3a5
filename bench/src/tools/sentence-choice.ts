import { ExtractiveAnswerer, type RankedSentence, type SentenceSignals } from '@docent/answerers';
import {
  type AnswerableQuestion,
  type AnswerSet,
  HANDBOOK_ANSWER_SET,
  OPERATIONS_ANSWER_SET,
  PRODUCT_ANSWER_SET,
} from '@docent/source-fakes';
import { holdsPhrase } from '../answers/answer-text';
import { splitOf, squadSplit } from '../datasets/bench-split';
import { loadGitManualQuestions } from '../datasets/git-manual';
import { loadSquad, type SquadQuestion } from '../datasets/squad';
import { containsAnswer } from '../metrics/squad-metrics';
import { sampleQuestions } from '../quality/squad-scores';
import { squadPath } from '../support/shared-data';
import { fitListwise } from './listwise-fit';
import { decodeRecordedAsk, readRecording } from './recorded-asks';

/**
 * Which sentence answers. Over the SQuAD asks of two `BENCH_RECORD` recordings (the even half,
 * tuned on, and the odd half, held out), every candidate sentence the extractive answerer ranks
 * (support checks off), its signals, and whether it holds a gold answer. Prints where the top
 * sentence goes wrong (another passage, the next or previous sentence, a sentence lacking the
 * kind of thing asked for), then fits the signals' weights by a listwise logistic regression
 * (softmax over each question's candidates, the answer-holding ones its target) on the first
 * recording and scores top-1 on both:
 *
 *   node bench/dist/tools/sentence-choice.js even.jsonl even 1000 odd.jsonl odd 1000
 *
 * Or over several sets at once, each `kind:file:split[:limit][:weight]` (kind `squad`, `fixtures`
 * or `git`; the answer sets' recordings are `BENCH_RECORD` runs of `--suite answers`, a sentence
 * holding the answer when it holds every fact), fitted on the sets before `--test` and scored on
 * those after it. Each set's questions count `weight` in all (default 1), whatever their number,
 * so 33 wiki questions weigh as much as 1,000 SQuAD ones:
 *
 *   node bench/dist/tools/sentence-choice.js squad:even.jsonl:even:1000:2 fixtures:fix.jsonl:dev \
 *     git:git.jsonl:dev --test squad:odd.jsonl:odd:1000 fixtures:fix.jsonl:test git:git.jsonl:test
 *
 * Deterministic (fixed start, fixed steps), so the printed weights are reproducible.
 */
const SIGNALS: Array<keyof SentenceSignals> = [
  'lexical',
  'semantic',
  'cue',
  'phrase',
  'names',
  'rank',
  'previous',
  'restates',
  'lacksCue',
];

interface Asked {
  question: Pick<SquadQuestion, 'question' | 'answers'>;
  ranked: RankedSentence[];
  holds: boolean[];
  extra: number[][];
}

/** Signals tried beside the answerer's own (not used to answer unless kept). */
const EXTRA = ['passageSimilarity', 'novelNames', 'novelNumbers', 'words'];
function extraSignals(question: string, s: RankedSentence, similarity: number): number[] {
  const q = new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const tokens = s.text.split(/\s+/).slice(1);
  const names = tokens.filter(
    (t) => /^\p{Lu}/u.test(t) && !q.has(t.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()),
  ).length;
  const numbers = (s.text.match(/\d[\d,.]*/g) ?? []).filter((n) => !q.has(n)).length;
  return [
    similarity,
    Math.min(1, names / 4),
    Math.min(1, numbers / 2),
    Math.min(1, tokens.length / 40),
  ];
}

async function collect(file: string, split: string, limit: number): Promise<Asked[]> {
  const squad = loadSquad(squadPath());
  const sample = sampleQuestions(squad.questions.filter(squadSplit(squad, splitOf(split))), limit);
  return rankRecorded(
    file,
    sample.map((question) => ({
      question,
      holds: (s: RankedSentence) => containsAnswer(s.text, question.answers),
    })),
  );
}

/**
 * Each question's recorded ask ranked again (questions without one, or with no candidate, left
 * out), with whether each ranked sentence holds its answer.
 */
async function rankRecorded(
  file: string,
  questions: Array<{ question: Asked['question']; holds: (s: RankedSentence) => boolean }>,
): Promise<Asked[]> {
  const recording = readRecording(file);
  let ranked: RankedSentence[] = [];
  const answerer = rankingAnswerer((r) => (ranked = r));
  const out: Asked[] = [];
  for (const { question, holds } of questions) {
    const recorded = recording.get(question.question)?.[0];
    if (!recorded) continue;
    ranked = [];
    const request = decodeRecordedAsk(recorded);
    await answerer.answer(request);
    if (ranked.length === 0) continue;
    out.push({
      question,
      ranked,
      holds: ranked.map(holds),
      extra: ranked.map((s) =>
        extraSignals(question.question, s, request.passages[s.passageIndex]!.similarity ?? 0),
      ),
    });
  }
  return out;
}

/** The answerable questions of a kind's answer sets in one split, by question. */
function answerSetQuestions(kind: string, split: string): Map<string, AnswerableQuestion> {
  const sets: AnswerSet[] =
    kind === 'git'
      ? [loadGitManualQuestions()]
      : [HANDBOOK_ANSWER_SET, OPERATIONS_ANSWER_SET, PRODUCT_ANSWER_SET];
  const out = new Map<string, AnswerableQuestion>();
  for (const set of sets) {
    for (const q of set.answerable[split as 'dev' | 'test']) out.set(q.question, q);
  }
  return out;
}

/** The asks of an answer-set recording in one split; a sentence holds when it holds every fact. */
async function collectAnswerSet(file: string, kind: string, split: string): Promise<Asked[]> {
  return rankRecorded(
    file,
    [...answerSetQuestions(kind, split)].map(([text, question]) => ({
      question: { question: text, answers: question.facts },
      // A description answers with its term ("--all: Tell the command to…").
      holds: (s: RankedSentence) =>
        question.facts.every((fact) => holdsPhrase(s.term ? `${s.term}: ${s.text}` : s.text, fact)),
    })),
  );
}

/** The answerer with support checks off, reporting every ranked candidate. */
function rankingAnswerer(onRanked: (r: RankedSentence[]) => void): ExtractiveAnswerer {
  return new ExtractiveAnswerer({
    minScore: -1,
    minEvidence: -1,
    requireSubjects: false,
    embedTexts: async (texts) => texts.map(() => new Float32Array(384)),
    embedQuery: async () => new Float32Array(384),
    onRanked,
  });
}

const share = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);

function analyse(name: string, asked: Asked[]): void {
  const answerable = asked.filter((a) => a.holds.some(Boolean));
  const right = answerable.filter((a) => a.holds[0]);
  const wrong = answerable.filter((a) => !a.holds[0]);
  const counts = { samePassage: 0, next: 0, previous: 0, lacksCue: 0, restates: 0, second: 0 };
  for (const a of wrong) {
    const top = a.ranked[0]!;
    const first = a.ranked.findIndex((_, i) => a.holds[i]);
    const gold = a.ranked[first]!;
    if (first === 1) counts.second++;
    if (gold.passageIndex === top.passageIndex) {
      counts.samePassage++;
      if (gold.position === top.position + 1) counts.next++;
      if (gold.position === top.position - 1) counts.previous++;
    }
    if (top.signals.lacksCue && !gold.signals.lacksCue) counts.lacksCue++;
    if (top.signals.restates) counts.restates++;
  }
  console.log(
    JSON.stringify({
      name,
      questions: asked.length,
      someSentenceHolds: share(answerable.length, asked.length),
      topHolds: share(right.length, asked.length),
      wrongTop: wrong.length,
      ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, share(v, wrong.length)])),
    }),
  );
}

const vector = (s: RankedSentence) => SIGNALS.map((k) => s.signals[k]);
const USE_EXTRA = process.env.CHOICE_EXTRA === '1';
const features = (a: Asked, i: number) =>
  USE_EXTRA ? [...vector(a.ranked[i]!), ...a.extra[i]!] : vector(a.ranked[i]!);

function topOneBy(asked: Asked[], score: (a: Asked, i: number) => number): number {
  let hits = 0;
  for (const a of asked) {
    let best = 0;
    for (let i = 1; i < a.ranked.length; i++) {
      if (score(a, i) > score(a, best)) best = i;
    }
    if (a.holds[best]) hits++;
  }
  return share(hits, asked.length);
}

/** A set of asks and what its questions count for in the fit. */
interface WeighedSet {
  name: string;
  asked: Asked[];
  weight: number;
}

/** Each set's questions count `weight` in all, whatever their number. */
function fit(sets: WeighedSet[]): number[] {
  return fitListwise(
    sets.flatMap(({ asked, weight }) => {
      const answerable = asked.filter((a) => a.holds.some(Boolean));
      return answerable.map((a) => ({
        x: a.ranked.map((_, i) => features(a, i)),
        y: a.holds,
        weight: weight / answerable.length,
      }));
    }),
  );
}

/** `kind:file:split[:limit][:weight]`, read and ranked. */
async function readSet(spec: string): Promise<WeighedSet> {
  const [kind, file, split, limit, weight] = spec.split(':');
  if (!kind || !file || !split) throw new Error(`expected kind:file:split, got ${spec}`);
  const asked =
    kind === 'squad'
      ? await collect(file, split, Number(limit || 1000))
      : await collectAnswerSet(file, kind, split);
  return { name: `${kind} ${split}`, asked, weight: Number(weight || 1) };
}

async function main() {
  const args = process.argv.slice(2);
  // The original form: fitFile fitSplit fitLimit [testFile testSplit testLimit], SQuAD only.
  const specs = args.some((a) => a.includes(':'))
    ? args
    : [
        `squad:${args[0]}:${args[1]}:${args[2]}`,
        ...(args[3] ? ['--test', `squad:${args[3]}:${args[4]}:${args[5]}`] : []),
      ];
  const cut = specs.indexOf('--test');
  const fitted = await Promise.all((cut < 0 ? specs : specs.slice(0, cut)).map(readSet));
  const heldOut = cut < 0 ? [] : await Promise.all(specs.slice(cut + 1).map(readSet));
  for (const set of [...fitted, ...heldOut]) analyse(set.name, set.asked);
  const tuned = fitted.flatMap((set) => set.asked);
  if (process.env.CHOICE_DUMP) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      process.env.CHOICE_DUMP,
      JSON.stringify(
        tuned.map((a) => ({
          question: a.question.question,
          answers: a.question.answers,
          ranked: a.ranked.slice(0, 12).map((s, i) => ({ ...s, holds: a.holds[i] })),
        })),
      ),
    );
  }
  const w = fit(fitted);
  const learned = (a: Asked, i: number) => features(a, i).reduce((sum, v, j) => sum + v * w[j]!, 0);
  const names = USE_EXTRA ? [...SIGNALS, ...EXTRA] : SIGNALS;
  // As the answerer's weights: scaled to its lexical weight (0.5), and the additive "lacks the
  // kind asked for" turned into its factor at the median score of the best sentences.
  const scale = 0.5 / w[0]!;
  const tops = tuned
    .map((a) => {
      let best = 0;
      for (let i = 1; i < a.ranked.length; i++) if (learned(a, i) > learned(a, best)) best = i;
      return learned(a, best) * scale;
    })
    .sort((a, b) => a - b);
  const median = tops[Math.floor(tops.length / 2)]!;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const answerer = {
    lexical: 0.5,
    semantic: r2(w[1]! * scale),
    cue: r2(w[2]! * scale),
    phrase: r2(w[3]! * scale),
    names: r2(w[4]! * scale),
    rank: r2(w[5]! * scale),
    previous: r2(w[6]! * scale),
    missingCue: r2(1 + (w[8]! * scale) / median),
  };
  const top1 = Object.fromEntries(
    [...fitted, ...heldOut].map((set) => [
      set.name,
      {
        current: topOneBy(set.asked, (a, i) => a.ranked[i]!.score),
        learned: topOneBy(set.asked, learned),
      },
    ]),
  );
  console.log(
    JSON.stringify({
      answererWeights: answerer,
      weights: Object.fromEntries(names.map((k, j) => [k, w[j]])),
      top1,
    }),
  );
}

void main();
