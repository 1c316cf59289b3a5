export {
  AskService,
  DEFAULT_TOP_K,
  markQuotes,
  orderReferences,
  type AskEvents,
  type AskInput,
  type AskOptions,
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
export { StageClock, type StageTiming } from './stage-clock';
