export { splitSentences } from './sentences';
export { words, contentWords } from './words';
export { STOPWORDS } from './stopwords';
