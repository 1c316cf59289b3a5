import { streamXml } from '../../xml/xml-events';

/** The shared string table: rich text runs joined, phonetic guides (`rPh`) left out. */
export function readSharedStrings(xml: string, partName: string): string[] {
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phoneticDepth = 0;
  streamXml(xml, partName, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phoneticDepth += 1;
      else if (name === 't' && phoneticDepth === 0) inText = true;
    },
    text(text) {
      if (inText && current !== undefined) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = undefined;
      }
    },
  });
  return strings;
}
