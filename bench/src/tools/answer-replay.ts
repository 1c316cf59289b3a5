import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnswerRequest, ExtractiveAnswerer, type Passage } from '@docent/answerers';
import { orderReferences } from '@docent/retrieval';
import { sentenceReranker } from '@docent/runtime';
import { splitOf, squadSplit } from '../datasets/bench-split';
import { loadCorpusQuestions } from '../datasets/corpus-qa';
import { loadSquad } from '../datasets/squad';
import { containsAnswer } from '../metrics/squad-metrics';
import { buildNearMisses, scoreNearMisses } from '../quality/near-misses';
import { scoreRealDocuments } from '../quality/real-documents';
import { sampleQuestions, scoreSquad, scoreUnanswerable } from '../quality/squad-scores';
import { sharedDir, squadPath } from '../support/shared-data';
import { decodeRecordedAsk, readRecording } from './recorded-asks';

/**
 * Scores the extractive answerer over recorded retrieval, in under a minute instead of a
 * quality run's ten: the same scorers as `pnpm bench:quality`'s sweep (SQuAD sample, real
 * documents, absent articles with the thresholds on and off, near misses), each ask answered
 * from the request the sweep's answerer got. Record once (retrieval is not re-run here, so
 * changes to it are not measured):
 *
 *   BENCH_RECORD=even.jsonl BENCH_SPLIT=even BENCH_SWEEP=sweep.json pnpm bench:quality \
 *     --keep-data <dir> --no-scifact --limit 600
 *
 * with sweep.json `[{"name":"record","unanswerable":true,"nearMisses":true,"realDocuments":true}]`,
 * then, after each answerer change (`turbo run build --filter=@docent/bench...`):
 *
 *   node bench/dist/tools/answer-replay.js even.jsonl even 600 ['{"weights":{"previous":0.3}}']
 *
 * It prints one JSON line of figures; `REPLAY_DUMP=file.json` also writes every SQuAD answer,
 * `REPLAY_RERANKER_DIR=<folder>` answers with the cross-encoder laid out there (see
 * scripts/fetch-reranker.sh); `REPLAY_NEAR_DUMP=file.json` every near miss with its answer, `REPLAY_REFUSED_DUMP=file.json`
 * every answerable question of the half collection the rules refuse that is answered without
 * them, `REPLAY_CORPUS_DUMP=file.json` every real document's.
 * Sentences without a stored vector get a zero vector (no model is loaded).
 */
const [file, split, limitArg, settingsJson] = process.argv.slice(2);
const limit = Number(limitArg);
const settings = settingsJson ? JSON.parse(settingsJson) : {};
const queue = readRecording(file!);
let embedCalls = 0;
const minEvidence = [...queue.values()][0]?.[0]?.minEvidence;
// The answer reranker reads text only, so a replay runs it for real.
const rerankerDir = process.env.REPLAY_RERANKER_DIR;
const rankSentences = rerankerDir ? sentenceReranker(rerankerDir, undefined).rank : undefined;
const make = (extra: object) =>
  new ExtractiveAnswerer({
    ...(minEvidence !== undefined && { minEvidence }),
    ...(rankSentences && { rankSentences }),
    ...settings,
    ...extra,
    embedTexts: async (texts) => {
      embedCalls += texts.length;
      return texts.map(() => new Float32Array(384));
    },
    embedQuery: async () => new Float32Array(384),
  });
const answerer = make({});
const bare = make({ minScore: -1, minEvidence: -1, requireSubjects: false });
const last = new Map<string, AnswerRequest>();
const answers: Array<Record<string, unknown>> = [];
const fake = (noThreshold: boolean) =>
  ({
    async ask(
      _a: string,
      input: { question: string; collectionName: string },
      options: { onRetrieved?: (p: Passage[]) => void } = {},
    ) {
      let request: AnswerRequest;
      if (noThreshold) request = last.get(input.question)!;
      else {
        const r = queue.get(input.question)?.shift();
        if (!r) throw new Error(`not recorded: ${input.question}`);
        request = decodeRecordedAsk(r);
        last.set(input.question, request);
      }
      options.onRetrieved?.(request.passages);
      const answer = await (noThreshold ? bare : answerer).answer(request);
      const refs = orderReferences(request.passages, answer, { topK: 5, floor: 0.5 });
      if (!noThreshold) {
        answers.push({
          collection: input.collectionName,
          question: input.question,
          answer: answer.text,
          short: answer.shortAnswer,
          reason: answer.notFoundReason,
          passages: request.passages.map((p) => p.text),
          docs: request.passages.map((p) => p.docName),
        });
      }
      return {
        answer: answer.text,
        refs,
        found: answer.found,
        shortAnswer: answer.found ? (answer.shortAnswer ?? null) : null,
      };
    },
  }) as never;

async function main() {
  const squad = loadSquad(squadPath());
  const keep = squadSplit(squad, splitOf(split));
  const sample = sampleQuestions(squad.questions.filter(keep), limit);
  const corpusQuestions = loadCorpusQuestions(join(sharedDir(), 'corpus'));
  const s = await scoreSquad(fake(false), 'a', 'squad', sample);
  const real = await scoreRealDocuments(fake(false), 'a', 'corpus', corpusQuestions);
  const half = Math.floor(squad.articles.length / 2);
  const refused: Array<{ question: string; reason: string | null; answerWithout: string }> = [];
  const u = await scoreUnanswerable(
    fake(false),
    fake(true),
    'a',
    squad,
    half,
    sample.length,
    keep,
    refused,
  );
  const present = new Set(squad.articles.slice(0, half).map((a) => a.title));
  const nearMisses = buildNearMisses(squad, present, Math.ceil(sample.length / 2), keep);
  const n = await scoreNearMisses(fake(false), 'a', 'squad-half', nearMisses);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      hit1: r3(s.articleHitAt1),
      answerHit: r3(s.answerArticleHitAt1),
      contain: r3(s.containment),
      words: s.medianWords,
      notFound: r3(s.notFound),
      shortEmF1: [Math.round(s.shortEm * 10) / 10, Math.round(s.shortF1 * 10) / 10],
      shortGiven: r3(s.shortGiven),
      absentNF: r3(u.notFoundRate),
      cost: [r3(u.containmentWith), r3(u.containmentWithout)],
      nearNF: r3(n.notFoundRate),
      // The 46 developed on, then the second set of 22: page first, fact held, "not found".
      realPageFactNF: [false, true].map((second) => {
        const rows = real.results.filter((r) => (r.set === 'second') === second);
        return [
          rows.filter((r) => r.pageFirst).length,
          rows.filter((r) => r.holdsFact).length,
          rows.filter((r) => !r.found).length,
        ];
      }),
      embedCalls,
    }),
  );
  if (process.env.REPLAY_CORPUS_DUMP) {
    writeFileSync(process.env.REPLAY_CORPUS_DUMP, JSON.stringify(real.results, null, 1));
  }
  if (process.env.REPLAY_NEAR_DUMP) {
    // Each near miss with its answer: which swaps still get one, and why the others do not.
    const byQuestion = new Map(answers.map((a) => [a.question as string, a]));
    writeFileSync(
      process.env.REPLAY_NEAR_DUMP,
      JSON.stringify(
        nearMisses.map((m) => ({
          ...m,
          answer: byQuestion.get(m.question)?.answer,
          reason: byQuestion.get(m.question)?.reason,
        })),
        null,
        1,
      ),
    );
  }
  if (process.env.REPLAY_REFUSED_DUMP) {
    writeFileSync(process.env.REPLAY_REFUSED_DUMP, JSON.stringify(refused, null, 1));
  }
  if (process.env.REPLAY_DUMP) {
    const gold = new Map(sample.map((q) => [q.question, q.answers]));
    writeFileSync(
      process.env.REPLAY_DUMP,
      JSON.stringify(
        answers
          .filter((a) => a.collection === 'squad' && gold.has(a.question as string))
          .map((a) => ({
            ...a,
            gold: gold.get(a.question as string),
            contained: containsAnswer(a.answer as string, gold.get(a.question as string)!),
            goldPassage: (a.passages as string[]).findIndex((p) =>
              containsAnswer(p, gold.get(a.question as string)!),
            ),
          })),
        null,
        1,
      ),
    );
  }
}

void main();
