import { type Document, type Element } from 'domhandler';
import { attr, childElements, childPath, firstChild } from '../../xml/xml-tree';

/** Which list levels are numbered (ordered) and which are bullets, from numbering.xml. */
export class DocxNumbering {
  /** abstractNumId → level → numFmt */
  private readonly abstractFormats = new Map<string, Map<number, string>>();
  private readonly instances = new Map<
    string,
    { abstractId: string; overrides: Map<number, string> }
  >();

  constructor(numberingXml: Document | undefined) {
    const root = numberingXml && childPath(numberingXml, 'numbering');
    if (!root) return;
    for (const abstract of childElements(root, 'abstractNum')) {
      const id = attr(abstract, 'abstractNumId');
      if (id !== undefined) this.abstractFormats.set(id, levelFormats(abstract));
    }
    for (const num of childElements(root, 'num')) {
      const id = attr(num, 'numId');
      const abstractRef = childPath(num, 'abstractNumId');
      const abstractId = abstractRef && attr(abstractRef, 'val');
      if (id === undefined || abstractId === undefined) continue;
      const overrides = new Map<number, string>();
      for (const override of childElements(num, 'lvlOverride')) {
        const level = firstChild(override, 'lvl');
        const ilvl = Number(attr(override, 'ilvl'));
        const format = level && formatOf(level);
        if (format) overrides.set(ilvl, format);
      }
      this.instances.set(id, { abstractId, overrides });
    }
  }

  /** numId 0 switches numbering off; an unknown id is not a list either. */
  isList(numId: string | undefined): boolean {
    return numId !== undefined && numId !== '0' && this.instances.has(numId);
  }

  /** `true` for numbered levels, `false` for bullets, `undefined` when unknown. */
  isOrdered(numId: string, ilvl: number): boolean | undefined {
    const instance = this.instances.get(numId);
    if (!instance) return undefined;
    const format =
      instance.overrides.get(ilvl) ?? this.abstractFormats.get(instance.abstractId)?.get(ilvl);
    if (format === undefined) return undefined;
    return format !== 'bullet' && format !== 'none';
  }
}

function formatOf(level: Element): string | undefined {
  const numFmt = firstChild(level, 'numFmt');
  return numFmt && attr(numFmt, 'val');
}

function levelFormats(abstract: Element): Map<number, string> {
  const formats = new Map<number, string>();
  for (const level of childElements(abstract, 'lvl')) {
    const format = formatOf(level);
    if (format) formats.set(Number(attr(level, 'ilvl') ?? 0), format);
  }
  return formats;
}
