import { streamXml } from '../../xml/xml-events';

export type ValueFormat = 'number' | 'percent' | 'date' | 'time' | 'datetime';

/** Built-in number formats that are not plain numbers (ECMA-376 §18.8.30). */
const BUILT_IN: Record<number, ValueFormat> = {
  9: 'percent',
  10: 'percent',
  14: 'date',
  15: 'date',
  16: 'date',
  17: 'date',
  18: 'time',
  19: 'time',
  20: 'time',
  21: 'time',
  22: 'datetime',
  45: 'time',
  46: 'time',
  47: 'time',
};
// East Asian built-in date formats.
for (const id of [27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58])
  BUILT_IN[id] = 'date';
for (const id of [32, 33, 55, 56]) BUILT_IN[id] = 'time';

/** Classifies a custom format code by the tokens left once literals and colours are removed. */
export function classifyFormatCode(code: string): ValueFormat {
  const tokens = code
    .split(';')[0]!
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?:h+|m+|s+)\]/gi, 'h')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/_.|\*./g, '');
  const hasDate = /[dy]/i.test(tokens);
  const hasTime = /[hs]/i.test(tokens) || /am\/pm|a\/p/i.test(tokens);
  if (hasDate && hasTime) return 'datetime';
  if (hasDate) return 'date';
  if (hasTime) return 'time';
  // A lone month/minute token ("mmm") is a date part in practice.
  if (/m/i.test(tokens)) return 'date';
  if (tokens.includes('%')) return 'percent';
  return 'number';
}

/** Cell style index (`c@s`) → how its numbers are meant to be read. */
export function readCellFormats(stylesXml: string | undefined, partName: string): ValueFormat[] {
  if (stylesXml === undefined) return [];
  const customCodes = new Map<number, string>();
  const formats: ValueFormat[] = [];
  let inCellXfs = false;
  streamXml(stylesXml, partName, {
    open(name, attributes) {
      if (name === 'numFmt') {
        const id = Number(attributes.numFmtId);
        if (Number.isInteger(id)) customCodes.set(id, attributes.formatCode ?? '');
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const custom = customCodes.get(id);
        formats.push(
          custom !== undefined ? classifyFormatCode(custom) : (BUILT_IN[id] ?? 'number'),
        );
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}
