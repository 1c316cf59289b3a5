import { type ParsedDocument } from '@docent/document-model';
import { gridBlocks, type GridRow } from '../../blocks/grid-blocks';
import { tidyLines } from '../../blocks/block-text';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'];
const NUMERIC = /^[-+]?(?:\d+(?:[.,]\d+)*|\d*[.,]\d+)(?:e[-+]?\d+)?%?$/i;

/** The candidate that occurs most often in the first line, outside quotes. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && CANDIDATE_DELIMITERS.includes(char))
      counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** RFC 4180 records: quoted fields may hold delimiters, doubled quotes and line breaks. */
export function parseCsvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** CSV/TSV → one page of table rows, the first row as header when it looks like one. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): ParsedDocument {
  const rows: GridRow[] = [];
  for (const record of parseCsvRecords(text, delimiter)) {
    const cells = new Map<number, { text: string; isText: boolean }>();
    record.forEach((raw, column) => {
      const value = tidyLines(raw);
      if (value !== '') cells.set(column, { text: value, isText: !NUMERIC.test(value) });
    });
    if (cells.size > 0) rows.push({ cells });
  }
  return { pages: [{ pageNum: 1, blocks: gridBlocks(rows) }] };
}
