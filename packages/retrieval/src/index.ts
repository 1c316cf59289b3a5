export {
  AskService,
  DEFAULT_TOP_K,
  orderReferences,
  type AskInput,
  type AskResult,
  type AskServiceOptions,
  type Reference,
} from './ask-service';
export {
  isFollowUp,
  standaloneQuestion,
  type HistoryTurn,
  type StandaloneQuestion,
} from './follow-up';
