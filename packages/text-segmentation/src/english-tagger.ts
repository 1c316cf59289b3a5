import type nlpType from 'compromise';

/** A word of a sentence with its part of speech, as compromise tags it. */
export interface TaggedWord {
  /** As written (without surrounding punctuation). */
  text: string;
  /** Lower-cased, as compromise normalises it. */
  normal: string;
  /** UTF-16 offset of `text` in the tagged sentence. */
  start: number;
  tags: ReadonlySet<string>;
}

/**
 * Parts of speech and named-entity hints from compromise (MIT, rule-based, no model to load,
 * ~4 ms a sentence): it tells a noun from a verb ("billing" the subject from "billing" the act),
 * names people, places and organisations, and marks dates and values. The answerer calls it on
 * the question and the one sentence it quotes, never on every candidate; the sentence splitter
 * only on the few phrases that may be run-in terms.
 */
export function tagWords(sentence: string): TaggedWord[] {
  const document = compromise()(sentence);
  const out: TaggedWord[] = [];
  for (const sentenceJson of document.json({ offset: true, terms: { offset: true } }) as Array<{
    terms: Array<{ text: string; normal: string; tags: string[]; offset: { start: number } }>;
  }>) {
    for (const term of sentenceJson.terms) {
      if (term.text === '') continue;
      out.push({
        text: term.text,
        normal: term.normal,
        start: term.offset.start,
        tags: new Set(term.tags),
      });
    }
  }
  return out;
}

let loaded: typeof nlpType | undefined;

/**
 * compromise, loaded on first use (~0.5 s cold): most processes that split sentences (the
 * worker, the index) never tag one.
 */
function compromise(): typeof nlpType {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('compromise') as typeof nlpType;
  return loaded;
}

let warmed = false;

/** Loads compromise's lexicon now (~80 ms once), so the first ask does not pay for it. */
export function warmEnglishTagger(): void {
  if (warmed) return;
  warmed = true;
  tagWords('Warm the tagger up on a sentence with Names, 12 March 2024 and 40 euros.');
}
