import { type LayoutBlockKind } from '@docent/document-model';
import { splitSentences } from '@docent/text-segmentation';
import { type MarkedText, type RenderedBlock } from './rendered-block';
import { type CountTokens, type MeasuredText, splitAtWords } from './token-fitting';

/** The unit the packer places: a whole block, or a part of a block that is over budget. */
export interface Piece extends MeasuredText {
  /** Position of the source block in its section. */
  blockId: number;
  /** Joins this piece to the previous piece when both come from the same block. */
  joiner: string;
  /** The block it comes from, as a chunk's layout names it. */
  blockKind: LayoutBlockKind;
  /** A callout's label. */
  label?: string;
  /** The label is the term the callout describes. */
  term?: boolean;
  /** Ranges of `text` that are markup (a list marker, a quote mark, a callout's label). */
  markup: Array<[number, number]>;
  /** For table rows: which table (consecutive rows) and whether the row is a header. */
  table?: { id: number; header: boolean };
}

type PieceShape = Omit<Piece, 'text' | 'tokens' | 'joiner' | 'markup'>;

/** Fragments of a text cut at words; a leading marker stays marked in the first fragment. */
function wordPieces(
  marked: MarkedText,
  budget: number,
  count: CountTokens,
  shape: PieceShape,
  joiner: string,
): Piece[] {
  const lead = marked.markup[0]?.[0] === 0 ? marked.markup[0][1] : 0;
  return splitAtWords(marked.text, budget, count).map((fragment, index) => ({
    ...shape,
    text: fragment.text,
    tokens: fragment.tokens,
    joiner: fragment.insideWord ? '' : index === 0 ? joiner : ' ',
    markup:
      index === 0 && lead > 0
        ? [[0, Math.min(lead, fragment.text.length)] as [number, number]]
        : [],
  }));
}

/** Over-budget prose: sentence by sentence, and a sentence over budget at words. */
function prosePieces(
  body: string,
  decorate: (part: string, first: boolean) => MarkedText,
  budget: number,
  count: CountTokens,
  shape: PieceShape,
): Piece[] {
  const sentences = splitSentences(body);
  return sentences.flatMap((sentence, index) => {
    const marked = decorate(sentence, index === 0);
    const tokens = count(marked.text);
    if (tokens <= budget) return [{ ...shape, ...marked, tokens, joiner: ' ' }];
    return wordPieces(marked, budget, count, shape, ' ');
  });
}

/** Over-budget code: line by line (blank lines ride with the next line), long lines at words. */
function codePieces(body: string, budget: number, count: CountTokens, shape: PieceShape): Piece[] {
  const pieces: Piece[] = [];
  let pendingBlankLines = '';
  for (const line of body.split('\n')) {
    if (line.trim() === '') {
      pendingBlankLines += '\n';
      continue;
    }
    const text = pendingBlankLines + line;
    pendingBlankLines = '';
    const tokens = count(text);
    if (tokens <= budget) pieces.push({ ...shape, text, tokens, joiner: '\n', markup: [] });
    else pieces.push(...wordPieces({ text: line, markup: [] }, budget, count, shape, '\n'));
  }
  return pieces;
}

function fullText(block: RenderedBlock): MarkedText {
  return block.kind === 'prose'
    ? block.decorate(block.body, true)
    : { text: block.body, markup: [] };
}

function blockKindOf(block: RenderedBlock): LayoutBlockKind {
  return block.kind === 'prose' ? block.blockKind : block.kind;
}

/**
 * Turns a block into pieces of at most `budget` tokens each: the whole block when it fits
 * (one tokenizer call), otherwise its sentences or lines, then words.
 */
export function blockToPieces(
  block: RenderedBlock,
  blockId: number,
  budget: number,
  count: CountTokens,
): Piece[] {
  const shape: PieceShape = {
    blockId,
    blockKind: blockKindOf(block),
    ...(block.kind === 'prose' && block.label !== undefined && { label: block.label }),
    ...(block.kind === 'prose' && block.term && { term: true }),
    ...(block.kind === 'table_row' ? { table: { id: block.tableId, header: block.header } } : {}),
  };
  const marked = fullText(block);
  const tokens = count(marked.text);
  if (tokens <= budget) return [{ ...shape, ...marked, tokens, joiner: '\n' }];
  switch (block.kind) {
    case 'prose':
      return prosePieces(block.body, block.decorate, budget, count, shape);
    case 'code':
      return codePieces(block.body, budget, count, shape);
    case 'table_row':
      return wordPieces(marked, budget, count, shape, ' ');
  }
}
