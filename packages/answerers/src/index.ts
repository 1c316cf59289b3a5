export * from './types';
export {
  ExtractiveAnswerer,
  type ExtractiveAnswererOptions,
  type RankedSentence,
  type ScoreWeights,
  type SentenceSignals,
} from './extractive-answerer';
export {
  SentenceVectorExtras,
  decodeSentenceVectors,
  encodeSentenceVectors,
  type SentenceVector,
} from './sentence-vector-extras';
export { OpenAiAnswerer, type OpenAiAnswererOptions } from './openai-answerer';
export { questionCues, type QuestionCue } from './question-cues';
export { stemTerm } from './term-stem';
export { hyphenedNames, optionNames, writesOption } from './option-names';
export { WHERE_TO_LOOK } from './defined-subject';
export {
  answerSpans,
  askedThing,
  shortAnswer,
  SPAN_WEIGHTS,
  type AnswerShape,
  type AskedThing,
  type RankedSpan,
  type SpanSignals,
} from './short-answer';
export { DEFAULT_CONTEXT_TOKENS } from './openai-answerer';
export { CitationMarkers, type MarkedText, type NewCitation } from './citation-markers';
export { groundedPrompt, joinChunks, SYSTEM_PROMPT, type GroundedPrompt } from './grounded-prompt';
export { isNotFoundReply, NotFoundGate, NOT_FOUND_TOKEN } from './not-found-reply';
export {
  TOKENIZERS,
  tokenCounterFor,
  type TokenCounter,
  type TokenizerName,
} from './token-counter';
export { tagWords, type TaggedWord } from '@docent/text-segmentation';
