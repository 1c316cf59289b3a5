import type { AskResponse, Reference } from '../api/wire-types';

/** One question and what the API answered, with where it was asked. */
export interface Exchange {
  question: string;
  answer: string;
  /** False when the collection does not answer the question (then there are no refs). */
  found: boolean;
  shortAnswer: string | null;
  refs: Reference[];
  /** The collection (and document, if one was picked) the question was asked of. */
  collection: string;
  docName: string | null;
  /** The ref each `[n]` of the answer opens, by n. */
  markers: Map<number, Reference>;
  /** True while the answer is still arriving (refs and text are provisional). */
  streaming: boolean;
}

export function exchangeOf(
  question: string,
  response: AskResponse,
  asked: { collection: string; docName: string | null },
): Exchange {
  return {
    question,
    answer: response.answer,
    found: response.found,
    shortAnswer: response.short_answer ?? null,
    // The contract promises no refs with "not found"; the UI holds to it whatever it is sent.
    refs: response.found ? response.refs : [],
    ...asked,
    markers: new Map(
      response.found ? response.refs.flatMap((ref, i) => (ref.cited ? [[i + 1, ref]] : [])) : [],
    ),
    streaming: false,
  };
}

/** An answer on its way: the `refs` event's passages, the text so far and its markers. */
export function streamingExchange(
  question: string,
  refs: Reference[],
  asked: { collection: string; docName: string | null },
): Exchange {
  return {
    question,
    answer: '',
    found: true,
    shortAnswer: null,
    refs,
    ...asked,
    markers: new Map(),
    streaming: true,
  };
}

/** The exchange with a `delta` event's text and markers added. */
export function withDelta(
  exchange: Exchange,
  delta: { text: string; citations: Array<{ marker: number; ref: number }> },
): Exchange {
  const markers = new Map(exchange.markers);
  for (const { marker, ref } of delta.citations) {
    const reference = exchange.refs[ref];
    if (reference) markers.set(marker, reference);
  }
  return { ...exchange, answer: exchange.answer + delta.text, markers };
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
