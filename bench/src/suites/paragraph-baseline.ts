import { EmbeddedSearchIndex } from '@docent/search-index';
import { contentWords, splitSentences } from '@docent/text-segmentation';
import type { SquadData, SquadQuestion } from '../datasets/squad';
import { mean, median } from '../metrics/ranking-metrics';
import { containsAnswer, exactMatch, f1, wordCount } from '../metrics/squad-metrics';

/**
 * The floor of issue 8: BM25 over SQuAD's own paragraphs, answer = the single sentence of the
 * top paragraph sharing most content words with the question. No vectors, no tuning.
 */
export async function paragraphBaseline(squad: SquadData, questions: SquadQuestion[]) {
  const index = new EmbeddedSearchIndex({ path: ':memory:' });
  const unit = new Float32Array([1]);
  await index.ensureCollection('baseline', 1);
  for (const article of squad.articles) {
    await index.replaceDocumentChunks(
      'baseline',
      article.title,
      article.paragraphs.map((text, ordinal) => ({
        chunkId: `${article.title}:${ordinal}`,
        documentId: article.title,
        ordinal,
        pageNum: 1,
        text,
        headings: '',
        title: '',
        vector: unit,
      })),
    );
  }
  const r1: number[] = [];
  const r5: number[] = [];
  const hit: number[] = [];
  const contained: number[] = [];
  const words: number[] = [];
  const em: number[] = [];
  const f: number[] = [];
  for (const q of questions) {
    const hits = await index.search({
      collectionId: 'baseline',
      text: q.question,
      vector: unit,
      limit: 5,
      mode: 'bm25',
    });
    const top = hits[0];
    const terms = new Set(contentWords(q.question));
    const answer =
      top === undefined
        ? ''
        : splitSentences(top.text).reduce(
            (best, sentence) => {
              const overlap = contentWords(sentence).filter((w) => terms.has(w)).length;
              return overlap > best.overlap ? { sentence, overlap } : best;
            },
            { sentence: '', overlap: -1 },
          ).sentence;
    r1.push(top && containsAnswer(top.text, q.answers) ? 1 : 0);
    r5.push(hits.some((h) => containsAnswer(h.text, q.answers)) ? 1 : 0);
    hit.push(top?.documentId === q.article ? 1 : 0);
    contained.push(containsAnswer(answer, q.answers) ? 1 : 0);
    words.push(wordCount(answer));
    em.push(exactMatch(answer, q.answers));
    f.push(f1(answer, q.answers));
  }
  await index.close();
  return {
    recallAt1: mean(r1),
    recallAt5: mean(r5),
    articleHitAt1: mean(hit),
    // It always answers, with its best sentence, and has no short answer.
    answerArticleHitAt1: mean(hit),
    containment: mean(contained),
    medianWords: median(words),
    em: 100 * mean(em),
    f1: 100 * mean(f),
    shortEm: 0,
    shortF1: 0,
    shortGiven: 0,
    notFound: 0,
  };
}
