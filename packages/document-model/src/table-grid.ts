/**
 * A markup table's rows laid out on its grid, as a browser lays them out: a cell spanning rows
 * stands in each row it covers, a cell spanning columns in each column (in a header; in a row of
 * data its first column holds it and the others are empty, so its text is read once), and a
 * header written over two or more rows ("Cardinality" over "Baseline | SSP | SAP") becomes one
 * row naming each column ("Cardinality Baseline | Cardinality SSP | …"). Without the grid, a
 * row's cells meet the wrong column names, or none when the counts differ.
 */

/** A `<td>` or `<th>` as written: its text and its spans. */
export interface MarkupTableCell {
  text: string;
  /** A `<th>`. */
  heading: boolean;
  /** The attribute as written; the grid reads and clamps it. */
  colspan?: string;
  /** The attribute as written; "0" spans to the end of the table, as in HTML. */
  rowspan?: string;
}

export interface MarkupTableRow {
  cells: MarkupTableCell[];
  /** In a `<thead>`. */
  inHead: boolean;
}

/** A row on the table's grid: one text a column. */
export interface GridRow {
  cells: string[];
  header: boolean;
}

/** Spans past these are mistakes (or attacks): browsers clamp colspan to 1000, rowspan to 65534. */
const MAX_COLSPAN = 100;

interface Carried {
  text: string;
  /** Rows below this one that the cell still covers. */
  rows: number;
}

/**
 * The rows on their grid, rows without text left out. A row is a header when it is in `<thead>`
 * or all the cells it writes are `<th>`; consecutive header rows at the top merge into one.
 */
export function tableGrid(rows: readonly MarkupTableRow[]): GridRow[] {
  const laid: GridRow[] = [];
  // Per column, the cell of an earlier row that spans down into the next.
  let carried: Array<Carried | undefined> = [];
  rows.forEach((row, r) => {
    const header = row.inHead || (row.cells.length > 0 && row.cells.every((c) => c.heading));
    const cells: string[] = [];
    const next: Array<Carried | undefined> = [];
    const takeCarried = (column: number): boolean => {
      const above = carried[column];
      if (!above) return false;
      cells[column] = above.text;
      if (above.rows > 1) next[column] = { text: above.text, rows: above.rows - 1 };
      return true;
    };
    const remaining = rows.length - r;
    let column = 0;
    for (const cell of row.cells) {
      while (takeCarried(column)) column++;
      const width = span(cell.colspan, MAX_COLSPAN);
      const height = cell.rowspan?.trim() === '0' ? remaining : span(cell.rowspan, remaining);
      for (let c = 0; c < width; c++) {
        const text = c === 0 || header ? cell.text : '';
        cells[column + c] = text;
        if (height > 1) next[column + c] = { text, rows: height - 1 };
      }
      column += width;
    }
    for (let c = column; c < carried.length; c++) takeCarried(c);
    carried = next;
    const filled = Array.from(cells, (text) => text ?? '');
    if (filled.some((text) => text !== '')) laid.push({ cells: filled, header });
  });
  return mergeHeaders(laid);
}

/** A span attribute's number, 1 when absent or not a positive number, at most `max`. */
function span(written: string | undefined, max: number): number {
  const value = written === undefined ? NaN : Number.parseInt(written, 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : 1;
}

/** Header rows on top of each other name each column together, once per distinct text. */
function mergeHeaders(rows: GridRow[]): GridRow[] {
  const out: GridRow[] = [];
  let top = true;
  for (const row of rows) {
    top &&= row.header;
    const previous = out.at(-1);
    if (!top || !previous) {
      out.push(row);
      continue;
    }
    const width = Math.max(previous.cells.length, row.cells.length);
    previous.cells = Array.from({ length: width }, (_, c) => {
      const above = previous.cells[c] ?? '';
      const below = row.cells[c] ?? '';
      return above === below || below === '' ? above : above === '' ? below : `${above} ${below}`;
    });
  }
  return out;
}
