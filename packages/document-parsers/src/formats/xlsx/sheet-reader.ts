import { tidyLines } from '../../blocks/block-text';
import { type GridCell, type GridRow } from '../../blocks/grid-blocks';
import { streamXml } from '../../xml/xml-events';
import { numericCellText } from './cell-values';
import { type ValueFormat } from './number-formats';

export interface WorkbookContext {
  sharedStrings: string[];
  cellFormats: ValueFormat[];
  date1904: boolean;
}

/** `BC12` → 54 (0-based column of a cell reference). */
export function columnIndex(reference: string): number | undefined {
  const letters = /^([A-Z]+)/i.exec(reference)?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

interface PendingCell {
  column: number;
  type: string;
  style: number;
  value: string;
  inline: string;
}

function cellText(cell: PendingCell, context: WorkbookContext): GridCell {
  switch (cell.type) {
    case 's':
      return { text: context.sharedStrings[Number(cell.value)] ?? '', isText: true };
    case 'inlineStr':
      return { text: cell.inline, isText: true };
    case 'str':
      return { text: cell.value, isText: true };
    case 'b':
      return { text: cell.value.trim() === '1' ? 'TRUE' : 'FALSE', isText: false };
    case 'e':
    case 'd':
      return { text: cell.value, isText: false };
    default: {
      const format = context.cellFormats[cell.style] ?? 'number';
      return { text: numericCellText(cell.value, format, context.date1904), isText: false };
    }
  }
}

/** Streams a worksheet's `sheetData` into its non-empty cells, row by row. */
export function readSheet(xml: string, partName: string, context: WorkbookContext): GridRow[] {
  const rows: GridRow[] = [];
  let current: GridRow | undefined;
  let cell: PendingCell | undefined;
  let nextColumn = 0;
  let capture: 'value' | 'inline' | undefined;
  let phoneticDepth = 0;

  streamXml(xml, partName, {
    open(name, attributes) {
      if (name === 'row') {
        current = { cells: new Map() };
        nextColumn = 0;
      } else if (name === 'c' && current) {
        const column = (attributes.r ? columnIndex(attributes.r) : undefined) ?? nextColumn;
        cell = {
          column,
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          value: '',
          inline: '',
        };
        nextColumn = column + 1;
      } else if (cell && name === 'v') {
        capture = 'value';
      } else if (cell && name === 'rPh') {
        phoneticDepth += 1;
      } else if (cell && name === 't' && phoneticDepth === 0) {
        capture = 'inline';
      }
    },
    text(text) {
      if (!cell || !capture) return;
      if (capture === 'value') cell.value += text;
      else cell.inline += text;
    },
    close(name) {
      if (name === 'v' || name === 't') capture = undefined;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'c' && cell && current) {
        const value = cellText(cell, context);
        const text = tidyLines(value.text);
        if (text !== '') current.cells.set(cell.column, { text, isText: value.isText });
        cell = undefined;
      } else if (name === 'row' && current) {
        if (current.cells.size > 0) rows.push(current);
        current = undefined;
      }
    },
  });
  return rows;
}
