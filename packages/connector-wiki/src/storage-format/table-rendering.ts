import { tableGrid } from '@docent/document-model';
import type { ChildNode, Element } from 'domhandler';
import type { BlockWriter } from './block-writer';
import { childElements } from './dom-access';

const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);

/**
 * One `table_row` per `<tr>` with text, laid on the table's grid (`tableGrid`): a row is a header
 * when it sits in `<thead>` or has only `<th>`.
 */
export function renderTable(
  table: Element,
  writer: BlockWriter,
  cellText: (nodes: readonly ChildNode[]) => string,
): void {
  const caption = childElements(table, 'caption')[0];
  const captionText = caption ? cellText(caption.children) : '';
  if (captionText) writer.add({ kind: 'paragraph', text: captionText });
  const rows = rowsOf(table).map(({ row, inHead }) => ({
    cells: childElements(row)
      .filter((cell) => cell.name === 'td' || cell.name === 'th')
      .map((cell) => ({
        text: cellText(cell.children),
        heading: cell.name === 'th',
        colspan: cell.attribs['colspan'],
        rowspan: cell.attribs['rowspan'],
      })),
    inHead,
  }));
  for (const { cells, header } of tableGrid(rows)) {
    writer.add({ kind: 'table_row', cells, ...(header ? { header: true } : {}) });
  }
}

function rowsOf(table: Element): Array<{ row: Element; inHead: boolean }> {
  const rows: Array<{ row: Element; inHead: boolean }> = [];
  for (const child of childElements(table)) {
    if (child.name === 'tr') rows.push({ row: child, inHead: false });
    else if (ROW_GROUPS.has(child.name)) {
      for (const row of childElements(child, 'tr')) {
        rows.push({ row, inHead: child.name === 'thead' });
      }
    }
  }
  return rows;
}
