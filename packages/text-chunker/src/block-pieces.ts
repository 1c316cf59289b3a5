import { splitSentences } from '@docent/text-segmentation';
import { type RenderedBlock } from './rendered-block';
import { type CountTokens, type MeasuredText, splitAtWords } from './token-fitting';

/** The unit the packer places: a whole block, or a part of a block that is over budget. */
export interface Piece extends MeasuredText {
  /** Position of the source block in its section. */
  blockId: number;
  /** Joins this piece to the previous piece when both come from the same block. */
  joiner: string;
  kind: RenderedBlock['kind'];
  /** For table rows: which table (consecutive rows) and whether the row is a header. */
  table?: { id: number; header: boolean };
}

type PieceShape = Omit<Piece, 'text' | 'tokens' | 'joiner'>;

function wordPieces(
  text: string,
  budget: number,
  count: CountTokens,
  shape: PieceShape,
  joiner: string,
): Piece[] {
  return splitAtWords(text, budget, count).map((fragment, index) => ({
    ...shape,
    text: fragment.text,
    tokens: fragment.tokens,
    joiner: fragment.insideWord ? '' : index === 0 ? joiner : ' ',
  }));
}

/** Over-budget prose: sentence by sentence, and a sentence over budget at words. */
function prosePieces(
  body: string,
  decorate: (part: string, first: boolean) => string,
  budget: number,
  count: CountTokens,
  shape: PieceShape,
): Piece[] {
  const sentences = splitSentences(body);
  return sentences.flatMap((sentence, index) => {
    const text = decorate(sentence, index === 0);
    const tokens = count(text);
    if (tokens <= budget) return [{ ...shape, text, tokens, joiner: ' ' }];
    return wordPieces(text, budget, count, shape, ' ');
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
    if (tokens <= budget) pieces.push({ ...shape, text, tokens, joiner: '\n' });
    else pieces.push(...wordPieces(line, budget, count, shape, '\n'));
  }
  return pieces;
}

function fullText(block: RenderedBlock): string {
  return block.kind === 'prose' ? block.decorate(block.body, true) : block.body;
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
    kind: block.kind,
    ...(block.kind === 'table_row' ? { table: { id: block.tableId, header: block.header } } : {}),
  };
  const text = fullText(block);
  const tokens = count(text);
  if (tokens <= budget) return [{ ...shape, text, tokens, joiner: '\n' }];
  switch (block.kind) {
    case 'prose':
      return prosePieces(block.body, block.decorate, budget, count, shape);
    case 'code':
      return codePieces(block.body, budget, count, shape);
    case 'table_row':
      return wordPieces(block.body, budget, count, shape, ' ');
  }
}
