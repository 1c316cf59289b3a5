export * from './types';
export {
  ExtractiveAnswerer,
  type ExtractiveAnswererOptions,
  type ScoreWeights,
} from './extractive-answerer';
export { OpenAiAnswerer, type OpenAiAnswererOptions } from './openai-answerer';
export { questionCues, type QuestionCue } from './question-cues';
export { stemTerm } from './term-stem';
export { askedThing, shortAnswer, type AnswerShape, type AskedThing } from './short-answer';
