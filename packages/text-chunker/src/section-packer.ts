import { type ChunkLayout, type LayoutBlock } from '@docent/document-model';
import { splitSentences } from '@docent/text-segmentation';
import { type Piece } from './block-pieces';
import { quoteMarkup } from './rendered-block';
import { type CountTokens, JOIN_TOKENS } from './token-fitting';

interface Entry {
  piece: Piece;
  /** A table's header rows copied to the top of a chunk that continues the table. */
  repeatedHeader: boolean;
}

function joinCost(entries: readonly unknown[]): number {
  return entries.length > 0 ? JOIN_TOKENS : 0;
}

function totalTokens(entries: readonly Entry[]): number {
  return entries.reduce(
    (sum, entry, index) => sum + entry.piece.tokens + (index > 0 ? JOIN_TOKENS : 0),
    0,
  );
}

/** The chunk's text, and its layout: which blocks it holds, where, and their markup. */
function renderEntries(entries: readonly Entry[]): { text: string; layout: ChunkLayout } {
  let text = '';
  const layout: ChunkLayout = [];
  let block: LayoutBlock | undefined;
  entries.forEach(({ piece }, index) => {
    const previous = entries[index - 1]?.piece;
    const sameBlock = index > 0 && previous?.blockId === piece.blockId;
    if (index > 0) text += sameBlock ? piece.joiner : '\n';
    if (!sameBlock || !block) {
      block = {
        kind: piece.blockKind,
        start: text.length,
        end: text.length,
        ...(piece.label !== undefined && { label: piece.label }),
        ...(piece.term && { term: true }),
        ...(piece.table && { table: piece.table.id, ...(piece.table.header && { header: true }) }),
      };
      layout.push(block);
    }
    const offset = text.length;
    for (const [from, to] of piece.markup) {
      (block.markup ??= []).push([offset + from, offset + to]);
    }
    text += piece.text;
    block.end = text.length;
  });
  return { text, layout };
}

/**
 * Packs the pieces of one section (one heading, one page) greedily into chunks of at most
 * `budget` tokens. When the section needs another chunk, it opens with the table's header
 * rows if a table continues, then with the previous chunk's last sentences (up to
 * `overlapTokens`), so every chunk reads on its own.
 */
export class SectionPacker {
  private entries: Entry[] = [];
  private tokens = 0;
  private readonly tableHeaders = new Map<number, Piece[]>();

  constructor(
    readonly budget: number,
    private readonly overlapTokens: number,
    private readonly count: CountTokens,
    private readonly emit: (text: string, layout: ChunkLayout) => void,
  ) {}

  add(piece: Piece): void {
    if (piece.table?.header) {
      const headers = this.tableHeaders.get(piece.table.id) ?? [];
      this.tableHeaders.set(piece.table.id, [...headers, piece]);
    }
    const cost = joinCost(this.entries) + piece.tokens;
    if (this.tokens + cost <= this.budget) {
      this.entries.push({ piece, repeatedHeader: false });
      this.tokens += cost;
      return;
    }
    const previous = this.entries;
    this.flush();
    this.startAfter(previous, piece);
  }

  /** Emits what is left; the packer can then be dropped. */
  finish(): void {
    this.flush();
  }

  private flush(): void {
    if (this.entries.length > 0) {
      const { text, layout } = renderEntries(this.entries);
      this.emit(text, layout);
    }
    this.entries = [];
    this.tokens = 0;
  }

  private startAfter(previous: readonly Entry[], piece: Piece): void {
    const continuesTable = piece.table !== undefined && !piece.table.header;
    let header: Entry[] = continuesTable
      ? (this.tableHeaders.get(piece.table?.id ?? -1) ?? []).map((headerPiece) => ({
          piece: headerPiece,
          repeatedHeader: true,
        }))
      : [];
    const overlap: Entry[] = this.overlapAfter(previous).map((overlapPiece) => ({
      piece: overlapPiece,
      repeatedHeader: false,
    }));
    const fits = (): boolean =>
      totalTokens([...header, ...overlap]) + joinCost([...header, ...overlap]) + piece.tokens <=
      this.budget;
    while (overlap.length > 0 && !fits()) overlap.shift();
    if (!fits()) header = [];
    this.entries = [...header, ...overlap, { piece, repeatedHeader: false }];
    this.tokens = totalTokens(this.entries);
  }

  /** The last pieces, or last sentences, of `previous` worth at most `overlapTokens`. */
  private overlapAfter(previous: readonly Entry[]): Piece[] {
    const taken: Piece[] = [];
    let remaining = this.overlapTokens;
    for (let index = previous.length - 1; index >= 0 && remaining > 0; index -= 1) {
      const entry = previous[index];
      // Header rows are repeated on their own; stepping past them would reorder the table.
      if (!entry || entry.repeatedHeader || entry.piece.table?.header) break;
      const cost = entry.piece.tokens + joinCost(taken);
      if (cost <= remaining) {
        taken.unshift(entry.piece);
        remaining -= cost;
        continue;
      }
      // Prose (not code or a table row) can give its last sentences as overlap.
      if (entry.piece.blockKind !== 'code' && entry.piece.blockKind !== 'table_row') {
        const tail = this.trailingSentences(entry.piece, remaining - joinCost(taken));
        if (tail) taken.unshift(tail);
      }
      break;
    }
    return taken;
  }

  private trailingSentences(piece: Piece, budget: number): Piece | undefined {
    const sentences = splitSentences(piece.text);
    const kept: string[] = [];
    let tokens = 0;
    for (let index = sentences.length - 1; index > 0; index -= 1) {
      const sentence = sentences[index] ?? '';
      const cost = this.count(sentence) + joinCost(kept);
      if (tokens + cost > budget) break;
      kept.unshift(sentence);
      tokens += cost;
    }
    if (kept.length === 0) return undefined;
    const text = kept.join(' ');
    // Only a quote marks lines after its first; the other blocks' markers open them.
    const markup = piece.blockKind === 'quote' ? quoteMarkup(text) : [];
    return { ...piece, text, tokens, joiner: ' ', markup };
  }
}
