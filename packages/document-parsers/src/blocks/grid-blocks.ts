import { type Block } from '@docent/document-model';

export interface GridCell {
  text: string;
  /** Strings, as opposed to numbers, dates and booleans (a header row holds text only). */
  isText: boolean;
}

export interface GridRow {
  /** 0-based column → non-empty cell. */
  cells: Map<number, GridCell>;
}

/** Rows before the header that may be a banner or caption (e.g. a title in A1). */
const HEADER_SEARCH_ROWS = 3;
const MAX_HEADER_CELL_LENGTH = 200;

function usedColumns(rows: GridRow[]): number[] {
  const columns = new Set<number>();
  for (const row of rows) for (const column of row.cells.keys()) columns.add(column);
  return [...columns].sort((a, b) => a - b);
}

/** Text only, short, and filling at least half of the used columns. */
function looksLikeHeader(row: GridRow, columnCount: number): boolean {
  if (row.cells.size < Math.max(1, Math.ceil(columnCount / 2))) return false;
  for (const cell of row.cells.values()) {
    if (!cell.isText || cell.text.length > MAX_HEADER_CELL_LENGTH) return false;
  }
  return true;
}

/**
 * Grid rows (a sheet, a CSV file) as table rows over the used columns (empty rows and columns
 * dropped). The
 * first of the top rows that looks like a header is marked as one, when data rows follow it;
 * sparse rows above it (banners, captions) become paragraphs.
 */
export function gridBlocks(rows: GridRow[]): Block[] {
  const columns = usedColumns(rows);
  const cellsOf = (row: GridRow): string[] => columns.map((c) => row.cells.get(c)?.text ?? '');
  let headerIndex = -1;
  for (let index = 0; index < Math.min(HEADER_SEARCH_ROWS, rows.length - 1); index += 1) {
    if (looksLikeHeader(rows[index]!, columns.length)) {
      headerIndex = index;
      break;
    }
  }
  return rows.map((row, index): Block => {
    if (index < headerIndex) {
      return { kind: 'paragraph', text: [...row.cells.values()].map((c) => c.text).join(' ') };
    }
    return index === headerIndex
      ? { kind: 'table_row', cells: cellsOf(row), header: true }
      : { kind: 'table_row', cells: cellsOf(row) };
  });
}
