import {
  DocumentError,
  type Block,
  type DocumentPage,
  type ParsedDocument,
} from '@docent/document-model';
import { sentenceSpans } from '@docent/text-segmentation';
import { Dehyphenator } from './pdf-hyphenation';
import { pageFurniture } from './pdf-page-furniture';
import { DOT_LEADER_LINE, withoutContentsEntries } from './pdf-contents';
import { PdfHeadingRules } from './pdf-headings';
import { buildLines, type PdfLine } from './pdf-lines';
import { groupParagraphs, type PdfParagraph } from './pdf-paragraphs';
import { type PdfDocument, type PdfEngine, type PdfPage, type PdfTextItem } from './pdfjs-api';

type PageReading =
  | { kind: 'text'; lines: PdfLine[] }
  | { kind: 'image' }
  | { kind: 'empty' }
  | { kind: 'unreadable' };

/** A line this much narrower than the paragraph's widest ends early: keep the line break. */
const SHORT_LINE = 0.6;
/** "CODEN: NSPUE2", "Email: a@b.gov", "Point of Contact: …": a label of one to three words. */
const FIELD_LINE = /^\p{Lu}[\p{L}.&-]*(?: [\p{L}.&-]+){0,2}: \S/u;

function isTextItem(item: PdfTextItem | { type: string }): item is PdfTextItem {
  return 'str' in item;
}

function describeOpenError(error: unknown): DocumentError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return new DocumentError('the PDF is password-protected');
  if (name === 'InvalidPDFException') return new DocumentError(`not a valid PDF (${message})`);
  return new DocumentError(`could not open the PDF: ${message}`);
}

async function paintsImages(page: PdfPage, imageOps: Set<number>): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((op) => imageOps.has(op));
}

async function readPage(
  document: PdfDocument,
  pageNum: number,
  imageOps: Set<number>,
): Promise<PageReading> {
  let page: PdfPage | undefined;
  try {
    page = await document.getPage(pageNum);
    const content = await page.getTextContent();
    const lines = buildLines(content.items.filter(isTextItem));
    if (lines.length > 0) return { kind: 'text', lines };
    // Only a page without text is worth the cost of its operator list.
    const image = await paintsImages(page, imageOps);
    return { kind: image ? 'image' : 'empty' };
  } catch {
    return { kind: 'unreadable' };
  } finally {
    page?.cleanup();
  }
}

function paragraphText(paragraph: PdfParagraph, dehyphenator: Dehyphenator): string {
  const { lines } = paragraph;
  const width = Math.max(...lines.map((line) => line.end - line.start));
  let text = lines[0]?.text ?? '';
  for (let index = 1; index < lines.length; index += 1) {
    const previous = lines[index - 1]!;
    const line = lines[index]!;
    const sameBaseline = Math.abs(previous.across - line.across) < 0.5 * line.size;
    if (sameBaseline) text += ` ${line.text}`;
    else if (
      previous.end - previous.start < SHORT_LINE * width ||
      DOT_LEADER_LINE.test(previous.text)
    ) {
      text += `\n${line.text}`;
    } else text = dehyphenator.join(text, line.text);
  }
  return text.trim();
}

/** A line of a data structure or code: it opens or closes braces, or ends a declaration. */
const CODE_LINE = /[{;]\s*$|^\s*}|\*\/\s*$|^\s*\/\*/;
/** A line of an ASCII diagram: "+--------+--------+", "|  Source Address  |". */
const DIAGRAM_LINE = /^[+|][-+|=\s]|-{3,}\+|\+-{3,}/;

/**
 * Code and diagrams are set in a PDF like any text (RFCs set everything in one monospace font),
 * but they are not prose: "struct { ContentType type; … } TLSPlaintext;" was quoted as the
 * answer to a question about a record's length. A paragraph that opens or closes braces with most
 * of its lines declarations, or most of whose lines draw a box, is a code block, line by line.
 */
function isCodeOrDiagram(paragraph: PdfParagraph): boolean {
  const texts = paragraph.lines.map((line) => line.text);
  const braces = texts.some((text) => /\{\s*$|^\s*}|\{.*}\s*\w*;\s*$/.test(text));
  const code = texts.filter((text) => CODE_LINE.test(text) || /,\s*(?:\/\*.*\*\/)?\s*$/.test(text));
  if (braces && code.length * 2 >= texts.length) return true;
  const diagram = texts.filter((text) => DIAGRAM_LINE.test(text));
  return diagram.length * 2 > texts.length;
}

/** A block and the font size of the paragraph it was read from. */
interface SizedBlock {
  block: Block;
  size: number;
}

function paragraphBlocks(
  original: PdfParagraph,
  headings: PdfHeadingRules,
  dehyphenator: Dehyphenator,
): Block[] {
  const paragraph = withoutContentsEntries(original);
  if (!paragraph) return [];
  if (isCodeOrDiagram(paragraph)) {
    return [{ kind: 'code', text: paragraph.lines.map((line) => line.text).join('\n') }];
  }
  const level = headings.levelOf(paragraph);
  if (level !== undefined) {
    const text = paragraphText(paragraph, dehyphenator);
    return [{ kind: 'heading', level, text: text.replace(/\s+/g, ' ') }];
  }
  return splitAtFields(paragraph).map((part): Block => {
    const text = paragraphText(part, dehyphenator);
    if (part.bullet) return { kind: 'list_item', text, depth: 0 };
    return { kind: 'paragraph', text };
  });
}

/**
 * A short line that reads "Label: value" ("CODEN: NSPUE2", "Email: x@y.gov") under other lines
 * of a title page or an address is a field of its own, not the end of the line above it: read
 * as one, "…59 pages (August 2020) CODEN: NSPUE2" was quoted as the publication date.
 */
function splitAtFields(paragraph: PdfParagraph): PdfParagraph[] {
  const { lines } = paragraph;
  const width = Math.max(...lines.map((line) => line.end - line.start));
  const parts: PdfParagraph[] = [];
  let current: PdfParagraph = { ...paragraph, lines: [] };
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    const field =
      previous !== undefined &&
      FIELD_LINE.test(line.text) &&
      line.end - line.start < SHORT_LINE * width &&
      !/[,;(\-–]$/.test(previous.text);
    if (field && current.lines.length > 0) {
      parts.push(current);
      current = { ...paragraph, bullet: false, lines: [] };
    }
    current.lines.push(line);
  });
  parts.push(current);
  return parts;
}

/** Ends a sentence, a list lead-in or a clause: what a page's last line may end with. */
const CLOSED_ENDING = /[.!?:;]["'”’)\]]*$/;

function sameBodySize(size: number, bodySize: number): boolean {
  return Math.abs(size - bodySize) <= 0.12 * Math.max(size, bodySize);
}

/**
 * A sentence cut by a page break is one sentence, on the page where it starts: "The checksum
 * also covers a 96 bit pseudo header conceptually" (p. 21) + "prefixed to the TCP header." (p.
 * 22). When a page's last body paragraph (footnotes set smaller are passed over) ends open and
 * the next page's first paragraph, in body type, starts in lower case, the next page's text up
 * to its first sentence end moves to the end of that paragraph.
 */
function joinSentencesAcrossPages(
  pages: SizedBlock[][],
  bodySize: number,
  dehyphenator: Dehyphenator,
): void {
  for (let index = 0; index + 1 < pages.length; index += 1) {
    const page = pages[index]!;
    const next = pages[index + 1]!;
    let last: SizedBlock | undefined;
    for (let i = page.length - 1; i >= 0; i -= 1) {
      const candidate = page[i]!;
      if (candidate.size < bodySize && !sameBodySize(candidate.size, bodySize)) continue;
      last = candidate;
      break;
    }
    const first = next[0];
    if (!last || !first) continue;
    const { block } = last;
    if (block.kind !== 'paragraph' && block.kind !== 'list_item') continue;
    if (first.block.kind !== 'paragraph' || !sameBodySize(first.size, last.size)) continue;
    if (CLOSED_ENDING.test(block.text) || !/^\p{Ll}/u.test(first.block.text)) continue;
    // Where the sentence ends as the answerer reads sentences: not at "e.g. The" or "Fig. 3".
    const cut = sentenceSpans(first.block.text)[0]?.end ?? first.block.text.length;
    block.text = dehyphenator.join(block.text, first.block.text.slice(0, cut).trim());
    const rest = first.block.text.slice(cut).trim();
    if (rest === '') next.shift();
    else first.block.text = rest;
  }
}

/**
 * PDF → one page per physical page (`pageNum` N is the file's page N). Lines and paragraphs
 * are rebuilt from text item positions, headings come from clearly larger font sizes, a page
 * with no text but images is `imageOnly`, and a page pdf.js cannot read is left empty (the
 * file fails only when no page can be read).
 */
export async function parsePdf(bytes: Uint8Array, engine: PdfEngine): Promise<ParsedDocument> {
  const task = engine.pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
    ...(engine.cMapUrl ? { cMapUrl: engine.cMapUrl, cMapPacked: true } : {}),
  });
  let document: PdfDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw describeOpenError(error);
  }

  try {
    const imageOps = new Set(
      Object.entries(engine.pdfjs.OPS)
        .filter(([name]) => /^paint.*Image/.test(name))
        .map(([, op]) => op),
    );
    const readings: PageReading[] = [];
    const dehyphenator = new Dehyphenator();
    for (let pageNum = 1; pageNum <= document.numPages; pageNum += 1) {
      const reading = await readPage(document, pageNum, imageOps);
      if (reading.kind === 'text') for (const line of reading.lines) dehyphenator.learn(line.text);
      readings.push(reading);
    }
    if (readings.length > 0 && readings.every((reading) => reading.kind === 'unreadable')) {
      throw new DocumentError('could not read any page of the PDF');
    }

    const furniture = pageFurniture(
      readings.map((reading) => (reading.kind === 'text' ? reading.lines : [])),
    );
    const paragraphs = readings.map((reading) =>
      reading.kind === 'text'
        ? groupParagraphs(reading.lines.filter((line) => !furniture.has(line)))
        : [],
    );
    const headings = new PdfHeadingRules(paragraphs.flat());
    const sized = paragraphs.map((page) =>
      page.flatMap((p) =>
        paragraphBlocks(p, headings, dehyphenator).map((block) => ({ block, size: p.size })),
      ),
    );
    joinSentencesAcrossPages(sized, headings.bodySize, dehyphenator);
    const pages = readings.map((reading, index): DocumentPage => {
      const pageNum = index + 1;
      if (reading.kind === 'image') return { pageNum, blocks: [], imageOnly: true };
      if (reading.kind !== 'text') return { pageNum, blocks: [] };
      return { pageNum, blocks: sized[index]!.map(({ block }) => block) };
    });
    return { pages };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
