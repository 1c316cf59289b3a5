export { sentenceSpans, splitSentences } from './sentences';
export type { TextSegment } from './hard-segments';
export { words, contentWords } from './words';
export { STOPWORDS } from './stopwords';
export {
  answerUnits,
  answerUnitKey,
  DEFAULT_ANSWER_WORDS,
  type AnswerUnit,
  type TableCell,
} from './answer-units';
export { tagWords, warmEnglishTagger, type TaggedWord } from './english-tagger';
