/** Windows-1252 differs from Latin-1 only in 0x80-0x9F (undefined bytes map to themselves). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Decoded by hand: Node's TextDecoder treats the label as Latin-1 in some builds. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'latin1',
  'iso-8859-1',
  'us-ascii',
  'ascii',
]);

/**
 * Bytes → text: a BOM decides first, then the declared charset when the runtime knows it,
 * then UTF-8 if the bytes are valid UTF-8, else Windows-1252 (what mislabelled "Latin-1"
 * text nearly always is).
 */
export function decodeText(bytes: Uint8Array, declaredCharset?: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  }
  const label = declaredCharset?.trim().toLowerCase();
  // Browsers read all of these as Windows-1252 (WHATWG Encoding).
  if (label && WINDOWS_1252_LABELS.has(label)) return decodeWindows1252(bytes);
  if (label) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // Unknown label: fall through to detection.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}
