import type { AnswerHolder, AnswerSet } from '@docent/source-fakes';
import type { SourceMarkup } from './answer-cleanliness';
import { answerTokens, isLaidOutFreely, locateTokens } from './answer-text';
import type { SourceDocument } from './source-documents';

/** Where a gold sentence is in the source as the connector renders it. */
export interface GoldContext {
  /** Documents holding the sentence (the answer page first); any of them is a right page. */
  pagesHolding: string[];
  /** Tokens a clean answer may add: the row's other cells and its header, the term. */
  allowedTokens: string[];
  /** A table row's header words: in the header row, so not in the highlight of the row. */
  headerTokens: string[];
}

/** A text unit of a rendered document the gold sentences are looked for in. */
interface TextUnit {
  tokens: string[];
  allowedTokens: string[];
  headerTokens: string[];
}

/** Blocks after a term its description may still be in (a note, then the sentence). */
const DESCRIPTION_BLOCKS = 4;

function unitsOf(document: SourceDocument, withDefinitions: boolean): TextUnit[] {
  let header: string[] = [];
  const blocks = document.blocks;
  const units: TextUnit[] = blocks.map((block, index) => {
    if (block.kind !== 'table_row') {
      return { tokens: answerTokens(block.text), allowedTokens: [], headerTokens: [] };
    }
    if (block.header) header = block.cells;
    else if (blocks[index - 1]?.kind !== 'table_row') header = [];
    // The row as a reader pairs it: "Header: cell; Header: cell".
    return {
      tokens: answerTokens(
        block.cells
          .map((cell, column) => (header[column] ? `${header[column]}: ${cell}` : cell))
          .join('; '),
      ),
      allowedTokens: answerTokens([...header, ...block.cells].join(' ')),
      headerTokens: block.header ? [] : answerTokens(header.join(' ')),
    };
  });
  if (!withDefinitions) return units;
  // A term with the blocks of its description.
  const definitions = units.map((unit, index) => ({
    tokens: units.slice(index, index + 1 + DESCRIPTION_BLOCKS).flatMap((u) => u.tokens),
    allowedTokens: unit.tokens,
    headerTokens: [],
  }));
  return [...units, ...definitions];
}

/** Text units per document, built once per kind of holder. */
class DocumentUnits {
  private readonly cache = new Map<string, TextUnit[]>();

  of(document: SourceDocument, holder: AnswerHolder): TextUnit[] {
    const withDefinitions = holder === 'definition';
    const key = `${withDefinitions}:${document.name}`;
    let units = this.cache.get(key);
    if (!units) {
      units = unitsOf(document, withDefinitions);
      this.cache.set(key, units);
    }
    return units;
  }
}

/** The unit of a document holding the gold sentence, by the same rule answers are checked by. */
function unitHolding(
  units: TextUnit[],
  sentence: string,
  holder: AnswerHolder,
): TextUnit | undefined {
  const needle = answerTokens(sentence);
  return units.find((unit) => {
    if (!locateTokens(unit.tokens, needle, holder)) return false;
    // A row's sentence must come from a table row, a term's from a term and its description.
    return !isLaidOutFreely(holder) || unit.allowedTokens.length > 0;
  });
}

export class GoldNotFoundError extends Error {}

/**
 * For every question of a set (and every follow-up), the documents holding its gold sentence
 * and what a clean answer may add to it. Throws, naming them, when a gold sentence is not on
 * its answer page: the data would not be honest.
 */
export function locateGold(
  documents: readonly SourceDocument[],
  set: AnswerSet,
): Map<string, GoldContext> {
  const byName = new Map(documents.map((d) => [d.name, d]));
  const units = new DocumentUnits();
  const located = new Map<string, GoldContext>();
  const missing: string[] = [];
  const items = [
    ...set.answerable.dev,
    ...set.answerable.test,
    ...set.followUps.dev,
    ...set.followUps.test,
  ];
  for (const item of items) {
    const page = byName.get(item.answerPage);
    const unit = page && unitHolding(units.of(page, item.holder), item.answerSentence, item.holder);
    if (!unit) {
      missing.push(`${item.id}: "${item.answerSentence}" is not on ${item.answerPage}`);
      continue;
    }
    const others = documents.filter(
      (d) => d !== page && unitHolding(units.of(d, item.holder), item.answerSentence, item.holder),
    );
    located.set(item.id, {
      pagesHolding: [item.answerPage, ...others.map((d) => d.name)],
      allowedTokens: unit.allowedTokens,
      headerTokens: unit.headerTokens,
    });
  }
  if (missing.length > 0) {
    throw new GoldNotFoundError(`${set.source}: gold sentences not found\n${missing.join('\n')}`);
  }
  return located;
}

/** Labels, headings and code of the rendered documents, plus titles only the fixture knows. */
export function markupOf(
  documents: readonly SourceDocument[],
  fixtureTitles: readonly string[] = [],
): SourceMarkup {
  const titles = new Set(fixtureTitles);
  const headings = new Set<string>();
  const codeLines = new Set<string>();
  for (const block of documents.flatMap((d) => d.blocks)) {
    if (block.kind === 'callout' && block.label) titles.add(block.label);
    if (block.kind === 'heading') headings.add(block.text);
    if (block.kind === 'code') {
      for (const line of block.text.split('\n')) if (line.trim() !== '') codeLines.add(line.trim());
    }
  }
  const pictographOnly = /^[\p{Extended_Pictographic}\uFE0F\u200D\s]+$/u;
  return {
    titles: [...titles].filter((t) => t.trim() !== '' && !pictographOnly.test(t)),
    headings: [...headings],
    codeLines: [...codeLines],
  };
}
