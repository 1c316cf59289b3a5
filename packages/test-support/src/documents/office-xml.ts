/** Text as XML character data (element content and attribute values). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const OFFICE_RELATIONSHIPS =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A relationships part: `[id, type (last URI segment), target]` per relationship. */
export function relationshipsXml(entries: Array<[string, string, string]>): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${entries
    .map(
      ([id, type, target]) =>
        `<Relationship Id="${id}" Type="${OFFICE_RELATIONSHIPS}/${type}" Target="${target}"/>`,
    )
    .join('')}</Relationships>`;
}

/** `[Content_Types].xml` with the usual defaults and one override per part. */
export function contentTypesXml(overrides: Record<string, string>): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;
}
