/**
 * Writes a small PDF by hand: numbered objects (bodies without `n 0 obj`), a cross-reference
 * table with real offsets and a trailer. Strings are taken byte for byte (latin1).
 */
export function pdfOf(objects: string[], trailerExtra = ''): Uint8Array {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Uint8Array.from(out, (char) => char.charCodeAt(0));
}

export function streamObject(content: string, dictionary = ''): string {
  return `<< ${dictionary} /Length ${content.length} >>\nstream\n${content}\nendstream`;
}

/**
 * Three pages: a scan (one image, no text), typed text, and a blank page. The image is a
 * 2x2 grey bitmap in a few bytes of raw samples.
 */
export function scannedTypedBlankPdf(): Uint8Array {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R 9 0 R] /Count 3 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
    streamObject(
      '\x00\xff\xff\x00',
      '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
    ),
    streamObject('q 100 0 0 100 50 50 cm /Im0 Do Q'),
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 7 0 R >> >> /Contents 8 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    streamObject('BT /F1 12 Tf 20 150 Td (Typed words on page two) Tj ET'),
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 10 0 R >>',
    streamObject(''),
  ]);
}

/**
 * A PDF whose standard security handler does not accept the empty user password, so a
 * reader has to ask for one (the encrypted data itself is never reached).
 */
export function passwordProtectedPdf(): Uint8Array {
  const bytes32 = '<' + 'a5'.repeat(32) + '>';
  return pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${bytes32} /U ${bytes32} /P -4 >>`,
    ],
    `/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] `,
  );
}
