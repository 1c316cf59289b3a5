import type { ChildNode, Element } from 'domhandler';
import type { BlockWriter } from './block-writer';
import { childElements } from './dom-access';

const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);

/** One `table_row` per `<tr>`; a row is a header when it sits in `<thead>` or has only `<th>`. */
export function renderTable(
  table: Element,
  writer: BlockWriter,
  cellText: (nodes: readonly ChildNode[]) => string,
): void {
  const caption = childElements(table, 'caption')[0];
  const captionText = caption ? cellText(caption.children) : '';
  if (captionText) writer.add({ kind: 'paragraph', text: captionText });
  for (const { row, inHead } of rowsOf(table)) {
    const cells = childElements(row).filter((cell) => cell.name === 'td' || cell.name === 'th');
    if (cells.length === 0) continue;
    const texts = cells.map((cell) => cellText(cell.children));
    if (texts.every((text) => text === '')) continue;
    const header = inHead || cells.every((cell) => cell.name === 'th');
    writer.add({ kind: 'table_row', cells: texts, ...(header ? { header: true } : {}) });
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
