import { DocumentError } from '@docent/document-model';
import { type Document } from 'domhandler';
import { parseXml, attr, descendants } from '../xml/xml-tree';
import { type ZipArchive } from '../zip/zip-archive';

export interface Relationship {
  id: string;
  /** Last segment of the relationship type URI, e.g. `slide`, `worksheet`, `notesSlide`. */
  kind: string;
  /** Part name inside the package, resolved against the source part. */
  target: string;
}

/** `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`; the package root → `_rels/.rels`. */
function relationshipsPartFor(partName: string): string {
  const slash = partName.lastIndexOf('/');
  const folder = slash === -1 ? '' : partName.slice(0, slash + 1);
  return `${folder}_rels/${partName.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target (relative to the source part's folder, or absolute). */
export function resolveTarget(sourcePart: string, target: string): string {
  const base = target.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of target.replace(/^\/+/, '').split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return base.join('/');
}

/** Reads and parses one XML part; `undefined` when the package does not have it. */
export function readXmlPart(zip: ZipArchive, partName: string): Document | undefined {
  if (!zip.has(partName)) return undefined;
  return parseXml(zip.readText(partName), partName);
}

/** The text of a part the format cannot do without (`what` names the format in the error). */
export function requirePartText(zip: ZipArchive, partName: string, what: string): string {
  if (!zip.has(partName)) throw new DocumentError(`not a valid ${what} file (missing ${partName})`);
  return zip.readText(partName);
}

export function requireXmlPart(zip: ZipArchive, partName: string, what: string): Document {
  return parseXml(requirePartText(zip, partName, what), partName);
}

/** Internal relationships of a part (use `''` for the package itself), keyed by id. */
export function readRelationships(zip: ZipArchive, sourcePart: string): Map<string, Relationship> {
  const relationships = new Map<string, Relationship>();
  const document = readXmlPart(zip, relationshipsPartFor(sourcePart));
  if (!document) return relationships;
  for (const element of descendants(document, 'Relationship')) {
    const id = attr(element, 'Id');
    const type = attr(element, 'Type');
    const target = attr(element, 'Target');
    if (!id || !type || !target || attr(element, 'TargetMode') === 'External') continue;
    relationships.set(id, {
      id,
      kind: type.slice(type.lastIndexOf('/') + 1),
      target: resolveTarget(sourcePart, target),
    });
  }
  return relationships;
}

export function relationshipOfKind(
  relationships: Map<string, Relationship>,
  kind: string,
): Relationship | undefined {
  for (const relationship of relationships.values()) {
    if (relationship.kind === kind) return relationship;
  }
  return undefined;
}

/** The main part (`word/document.xml`, `ppt/presentation.xml`...) named by the package rels. */
export function mainPartName(zip: ZipArchive, fallback: string): string {
  const main = relationshipOfKind(readRelationships(zip, ''), 'officeDocument');
  return main && zip.has(main.target) ? main.target : fallback;
}
