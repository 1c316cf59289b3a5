export { splitSentences } from './sentences';
export { words, contentWords } from './words';
export { STOPWORDS } from './stopwords';
export { answerUnits, answerUnitKey, DEFAULT_ANSWER_WORDS, type AnswerUnit } from './answer-units';
