import { zipOf } from '@docent/test-support';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The smallest DOCX Word would open: a document part and the package relationship. */
export function docxOf(bodyXml: string, extraParts: Record<string, string> = {}): Uint8Array {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    'word/document.xml': `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>${bodyXml}</w:body></w:document>`,
    ...extraParts,
  });
}

/** `<w:p>` with optional paragraph properties and runs given as raw XML. */
export function paragraph(runs: string, properties = ''): string {
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${runs}</w:p>`;
}

export function run(text: string): string {
  return `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
}
