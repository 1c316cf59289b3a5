import { readFileSync } from 'node:fs';
import { answerSpans, type RankedSpan, SPAN_WEIGHTS, type SpanSignals } from '@docent/answerers';
import { f1 } from '../metrics/squad-metrics';
import { fitListwise } from './listwise-fit';

/**
 * Which span of the answering sentence is the short answer. Over the SQuAD answers of
 * `answer-replay` dumps (`REPLAY_DUMP`) whose quoted sentences hold a gold answer, every
 * candidate span the extractive answerer ranks and its signals; fits the signals' weights by a
 * listwise logistic regression (softmax over each question's spans, those of the best F1 its
 * target) on the first dump and prints the mean `short_answer` F1 over every question of each
 * dump with the answerer's weights and the fitted ones (the oracle: the best span each time):
 *
 *   node bench/dist/tools/span-choice.js even-dump.json --test odd-dump.json
 *
 * `kind` (how well a span's kind fits the kind asked), `completes` and `labels` stay as set: SQuAD asks
 * for ports, identifiers and "intended for" too rarely to weigh them. Deterministic.
 */
const SIGNALS = Object.keys(SPAN_WEIGHTS) as Array<keyof SpanSignals>;
const FIXED: Array<keyof SpanSignals> = ['kind', 'completes', 'labels'];

interface DumpedAnswer {
  question: string;
  answer: string;
  short: string | null;
  gold: string[];
  contained: boolean;
}

interface Spans {
  /** The answerer's own short answer, for questions whose quote holds no gold answer. */
  given: string | null;
  gold: string[];
  spans: RankedSpan[];
  f1: number[];
}

function read(file: string): Spans[] {
  const dumped = JSON.parse(readFileSync(file, 'utf8')) as DumpedAnswer[];
  return dumped.map((d) => {
    const spans = d.contained ? answerSpans(d.question, d.answer) : [];
    return { given: d.short, gold: d.gold, spans, f1: spans.map((s) => f1(s.text, d.gold)) };
  });
}

const vector = (s: RankedSpan) => SIGNALS.map((k) => s.signals[k]);

/** Mean F1 (0–100) over every question, the best-scoring span with a positive score answering. */
function meanF1(set: Spans[], score: (s: RankedSpan) => number): number {
  let sum = 0;
  for (const q of set) {
    if (q.spans.length === 0) {
      sum += q.given === null ? 0 : f1(q.given, q.gold);
      continue;
    }
    let best = -1;
    q.spans.forEach((s, i) => {
      if (score(s) > 0 && (best < 0 || score(s) > score(q.spans[best]!))) best = i;
    });
    if (best >= 0) sum += q.f1[best]!;
  }
  return Math.round((1000 * sum) / set.length) / 10;
}

function oracleF1(set: Spans[]): number {
  const sum = set.reduce((a, q) => a + (q.spans.length ? Math.max(...q.f1) : 0), 0);
  return Math.round((1000 * sum) / set.length) / 10;
}

function main() {
  const args = process.argv.slice(2);
  const cut = args.indexOf('--test');
  const fitFiles = cut < 0 ? args : args.slice(0, cut);
  const testFiles = cut < 0 ? [] : args.slice(cut + 1);
  const fitted = fitFiles.map(read);
  const data = fitted.flat().flatMap((q) => {
    const best = q.f1.length ? Math.max(...q.f1) : 0;
    if (best === 0) return [];
    return [{ x: q.spans.map(vector), y: q.f1.map((v) => v === best), weight: 1 }];
  });
  const w = fitListwise(data, {
    steps: 1500,
    rate: 0.05,
    start: SIGNALS.map((k) => SPAN_WEIGHTS[k]),
    fixed: FIXED.map((k) => SIGNALS.indexOf(k)),
  });
  const learned = (s: RankedSpan) => vector(s).reduce((sum, v, j) => sum + v * w[j]!, 0);
  const current = (s: RankedSpan) => s.score;
  const files = [...fitFiles.map((f) => `fit ${f}`), ...testFiles.map((f) => `test ${f}`)];
  const sets = [...fitted, ...testFiles.map(read)];
  console.log(
    JSON.stringify({
      weights: Object.fromEntries(SIGNALS.map((k, j) => [k, Math.round(w[j]! * 100) / 100])),
      shortF1: Object.fromEntries(
        sets.map((set, i) => [
          files[i],
          { current: meanF1(set, current), learned: meanF1(set, learned), oracle: oracleF1(set) },
        ]),
      ),
    }),
  );
}

main();
