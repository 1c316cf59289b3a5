import type { Reference } from '../api/wire-types';

export interface Exchange {
  question: string;
  answer: string;
  refs: Reference[];
}

/** `history_messages` for a follow-up: the earlier exchanges as canonical pairs, oldest first. */
export function historyOf(exchanges: Exchange[]): [string, string][] {
  return exchanges.map((e) => [e.question, e.answer]);
}

/** The API refuses more than 50 exchanges of history (`maxItems`): the oldest are dropped here. */
export const MAX_HISTORY = 50;

export function recentHistory(exchanges: Exchange[]): [string, string][] {
  return historyOf(exchanges.slice(-MAX_HISTORY));
}
