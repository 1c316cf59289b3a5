import { pdfOf, streamObject } from './pdf-writer';

/** What a page of a hand-built text PDF holds, top to bottom. */
export type PdfTextBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

/** WinAnsiEncoding codes of the characters outside Latin-1 that prose uses. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

function pdfString(text: string): string {
  const bytes = [...text].map((char) => {
    const code = WIN_ANSI[char] ?? char.charCodeAt(0);
    if (code > 0xff) throw new Error(`no WinAnsi code for ${JSON.stringify(char)}`);
    return String.fromCharCode(code);
  });
  return `(${bytes.join('').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Greedy word wrap at `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const BODY_SIZE = 11;
const HEADING_SIZE = 16;

/** Content stream of one page: headings in 16 pt bold, body in 11 pt, paragraphs spaced apart. */
function pageContent(blocks: PdfTextBlock[]): string {
  const out: string[] = [];
  let y = 740;
  for (const block of blocks) {
    const heading = block.kind === 'heading';
    const size = heading ? HEADING_SIZE : BODY_SIZE;
    const text = block.kind === 'bullet' ? `• ${block.text}` : block.text;
    for (const line of wrap(text, heading ? 60 : 88)) {
      out.push(`BT /${heading ? 'F2' : 'F1'} ${size} Tf 72 ${y} Td ${pdfString(line)} Tj ET`);
      y -= Math.round(size * 1.3);
    }
    y -= heading ? 6 : 9;
  }
  return out.join('\n');
}

/** A PDF of typed text, one entry of `pages` per page, fonts Helvetica and Helvetica-Bold. */
export function textPdfOf(pages: PdfTextBlock[][]): Uint8Array {
  const fonts = '<< /F1 3 0 R /F2 4 0 R >>';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((blocks, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font ${fonts} >> /Contents ${6 + 2 * i} 0 R >>`,
      streamObject(pageContent(blocks)),
    );
  });
  return pdfOf(objects);
}
