import { ExtractiveAnswerer, type RankedSentence, type SentenceSignals } from '@docent/answerers';
import { splitOf, squadSplit } from '../datasets/bench-split';
import { loadSquad, type SquadQuestion } from '../datasets/squad';
import { containsAnswer } from '../metrics/squad-metrics';
import { sampleQuestions } from '../quality/squad-scores';
import { squadPath } from '../support/shared-data';
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
  question: SquadQuestion;
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
  const recording = readRecording(file);
  let ranked: RankedSentence[] = [];
  const answerer = new ExtractiveAnswerer({
    minScore: -1,
    minEvidence: -1,
    requireSubjects: false,
    embedTexts: async (texts) => texts.map(() => new Float32Array(384)),
    embedQuery: async () => new Float32Array(384),
    onRanked: (r) => (ranked = r),
  });
  const out: Asked[] = [];
  for (const question of sample) {
    const recorded = recording.get(question.question)?.[0];
    if (!recorded) continue;
    ranked = [];
    const request = decodeRecordedAsk(recorded);
    await answerer.answer(request);
    if (ranked.length === 0) continue;
    out.push({
      question,
      ranked,
      holds: ranked.map((s) => containsAnswer(s.text, question.answers)),
      extra: ranked.map((s) =>
        extraSignals(question.question, s, request.passages[s.passageIndex]!.similarity ?? 0),
      ),
    });
  }
  return out;
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

/** Listwise logistic regression: maximise the softmax probability of the holding sentences. */
function fit(asked: Asked[], steps = 400, rate = 0.5, l2 = 1e-3): number[] {
  const data = asked
    .filter((a) => a.holds.some(Boolean))
    .map((a) => ({ x: a.ranked.map((_, i) => features(a, i)), y: a.holds }));
  const w = features(
    data.length > 0 ? asked.find((a) => a.holds.some(Boolean))! : asked[0]!,
    0,
  ).map(() => 0);
  for (let step = 0; step < steps; step++) {
    const grad = w.map(() => 0);
    for (const { x, y } of data) {
      const s = x.map((f) => f.reduce((sum, v, j) => sum + v * w[j]!, 0));
      const max = Math.max(...s);
      const e = s.map((v) => Math.exp(v - max));
      const z = e.reduce((a, b) => a + b, 0);
      const zPos = e.reduce((a, v, i) => a + (y[i] ? v : 0), 0);
      for (let i = 0; i < x.length; i++) {
        const p = e[i]! / z;
        const q = y[i] ? e[i]! / zPos : 0;
        for (let j = 0; j < w.length; j++) grad[j]! += (p - q) * x[i]![j]!;
      }
    }
    for (let j = 0; j < w.length; j++) w[j] = w[j]! - rate * (grad[j]! / data.length + l2 * w[j]!);
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}

async function main() {
  const [fitFile, fitSplit, fitLimit, testFile, testSplit, testLimit] = process.argv.slice(2);
  const tuned = await collect(fitFile!, fitSplit!, Number(fitLimit));
  const held = testFile ? await collect(testFile, testSplit!, Number(testLimit)) : [];
  analyse(fitSplit!, tuned);
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
  if (held.length > 0) analyse(testSplit!, held);
  const w = fit(tuned);
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
  console.log(
    JSON.stringify({
      answererWeights: answerer,
      weights: Object.fromEntries(names.map((k, j) => [k, w[j]])),
      top1Current: [
        topOneBy(tuned, (a, i) => a.ranked[i]!.score),
        topOneBy(held, (a, i) => a.ranked[i]!.score),
      ],
      top1Learned: [topOneBy(tuned, learned), topOneBy(held, learned)],
    }),
  );
}

void main();
