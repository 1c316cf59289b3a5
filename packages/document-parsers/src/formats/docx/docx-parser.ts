import { type Block, type ParsedDocument } from '@docent/document-model';
import { isTag, type Element } from 'domhandler';
import { collapseWhitespace, tidyLines } from '../../blocks/block-text';
import { PageCollector } from '../../blocks/page-collector';
import {
  mainPartName,
  readRelationships,
  readXmlPart,
  relationshipOfKind,
  requirePartText,
} from '../../ooxml/package-parts';
import { attr, childPath, firstChild, isOn, localName, parseXml } from '../../xml/xml-tree';
import { type ZipArchive } from '../../zip/zip-archive';
import { collectInline, type InlinePiece } from './docx-inline';
import { DocxNumbering } from './docx-numbering';
import { DocxStyles, readNumberingRef, readOutlineLevel } from './docx-styles';

type ParagraphKind =
  | { kind: 'heading'; level: number }
  | { kind: 'list_item'; depth: number; ordered?: boolean }
  | { kind: 'paragraph' };

/** Page breaks met while reading a table row, before or after its first text. */
interface RowProgress {
  hasText: boolean;
  breaksBefore: number;
  breaksAfter: number;
}

/** Wrappers that only group block or row content (content controls, custom XML, revisions). */
const TRANSPARENT = new Set(['sdt', 'sdtContent', 'customXml', 'ins', 'moveTo', 'smartTag']);

/** Section types whose start moves to a new page (absent type means nextPage). */
const NEW_PAGE_SECTIONS = new Set(['nextPage', 'oddPage', 'evenPage']);

/** Children of `node` named `name`, looking through transparent wrappers. */
function contentChildren(node: Element, name: string): Element[] {
  const out: Element[] = [];
  for (const child of node.children) {
    if (!isTag(child)) continue;
    const local = localName(child);
    if (local === name) out.push(child);
    else if (TRANSPARENT.has(local)) out.push(...contentChildren(child, name));
  }
  return out;
}

/** The table style's header-row formatting is on (`w:tblLook` firstRow, or bit 0x20 of val). */
function hasFirstRowLook(tbl: Element): boolean {
  const look = childPath(tbl, 'tblPr', 'tblLook');
  if (!look) return false;
  const firstRow = attr(look, 'firstRow');
  if (firstRow !== undefined) return ['1', 'true', 'on'].includes(firstRow);
  const mask = Number.parseInt(attr(look, 'val') ?? '0', 16);
  return Number.isFinite(mask) && (mask & 0x20) !== 0;
}

function sectionStartsNewPage(sectPr: Element | undefined): boolean {
  const type = sectPr && firstChild(sectPr, 'type');
  return NEW_PAGE_SECTIONS.has((type && attr(type, 'val')) ?? 'nextPage');
}

/**
 * Walks a DOCX body and assigns every block the page it falls on.
 *
 * Page rule: when the file records `w:lastRenderedPageBreak` (Word writes one where it last
 * paginated), those breaks alone decide pages, because they already include the explicit
 * breaks and the natural page ends. Otherwise only explicit breaks count: `w:br w:type="page"`,
 * `w:pageBreakBefore` (direct or from the style, ignored before any content) and section
 * breaks that start a new page. With neither, everything is page 1.
 */
class DocxWalker {
  private page = 1;
  private pageHasContent = false;
  private readonly pages = new PageCollector();
  private readonly sectionBreaks: Element[] = [];
  private sectionIndex = 0;

  constructor(
    private readonly styles: DocxStyles,
    private readonly numbering: DocxNumbering,
    private readonly useRenderedBreaks: boolean,
  ) {
    this.pages.open(1);
  }

  read(body: Element): ParsedDocument {
    this.collectSectionProperties(body);
    this.container(body);
    return this.pages.toDocument();
  }

  /** Section properties in order: one per section, the body's own last. */
  private collectSectionProperties(body: Element): void {
    const visit = (node: Element): void => {
      for (const child of node.children) {
        if (!isTag(child)) continue;
        const name = localName(child);
        if (name === 'p') {
          const sectPr = childPath(child, 'pPr', 'sectPr');
          if (sectPr) this.sectionBreaks.push(sectPr);
        } else if (TRANSPARENT.has(name)) {
          visit(child);
        }
      }
    };
    visit(body);
    const last = firstChild(body, 'sectPr');
    if (last) this.sectionBreaks.push(last);
  }

  private advance(): void {
    this.page += 1;
    this.pageHasContent = false;
    this.pages.open(this.page);
  }

  private emit(block: Block): void {
    this.pages.add(this.page, block);
  }

  private container(node: Element): void {
    for (const child of node.children) {
      if (!isTag(child)) continue;
      const name = localName(child);
      if (name === 'p') this.paragraph(child);
      else if (name === 'tbl') this.table(child);
      else if (TRANSPARENT.has(name)) this.container(child);
    }
  }

  private classify(pPr: Element | undefined, styleId: string | undefined): ParagraphKind {
    const styleLevel = this.styles.headingLevel(styleId);
    const outline = readOutlineLevel(pPr);
    const level = outline !== undefined ? Math.min(6, outline + 1) : styleLevel;
    if (level !== undefined) return { kind: 'heading', level };

    const direct = readNumberingRef(pPr);
    const inherited = this.styles.numbering(styleId);
    const numId = direct?.numId ?? inherited?.numId;
    if (numId !== undefined && this.numbering.isList(numId)) {
      const depth = direct?.ilvl ?? inherited?.ilvl ?? 0;
      const ordered = this.numbering.isOrdered(numId, depth);
      return ordered === undefined
        ? { kind: 'list_item', depth }
        : { kind: 'list_item', depth, ordered };
    }
    return { kind: 'paragraph' };
  }

  private counts(piece: InlinePiece): boolean {
    return piece.kind === 'break' && piece.rendered === this.useRenderedBreaks;
  }

  private paragraph(p: Element): void {
    const pPr = firstChild(p, 'pPr');
    const styleElement = pPr && firstChild(pPr, 'pStyle');
    const styleId = styleElement && attr(styleElement, 'val');
    if (!this.useRenderedBreaks && this.pageHasContent) {
      const direct = pPr && firstChild(pPr, 'pageBreakBefore');
      if (direct ? isOn(direct) : this.styles.pageBreakBefore(styleId)) this.advance();
    }

    const kind = this.classify(pPr, styleId);
    let text = '';
    let breaksAfter = 0;
    const textboxes: Element[] = [];
    const flush = (): void => {
      const block = makeBlock(kind, text);
      if (block) this.emit(block);
      text = '';
    };
    for (const piece of collectInline(p)) {
      if (piece.kind === 'text') text += piece.text;
      else if (piece.kind === 'textbox') textboxes.push(piece.content);
      else if (this.counts(piece)) {
        // Nothing of this paragraph is on the old page yet: it starts on the next one.
        if (text.trim() === '') this.advance();
        else if (kind.kind === 'paragraph') {
          flush();
          this.advance();
        } else breaksAfter += 1;
      }
    }
    flush();
    this.pageHasContent = true;
    for (let i = 0; i < breaksAfter; i += 1) this.advance();
    for (const textbox of textboxes) this.container(textbox);

    if (pPr && firstChild(pPr, 'sectPr')) {
      // A section's type says how it starts, so the break after this one is the next's type.
      this.sectionIndex += 1;
      if (!this.useRenderedBreaks && sectionStartsNewPage(this.sectionBreaks[this.sectionIndex])) {
        this.advance();
      }
    }
  }

  private table(tbl: Element): void {
    const rows = contentChildren(tbl, 'tr');
    const styledHeader = rows.length > 1 && hasFirstRowLook(tbl);
    rows.forEach((row, index) => {
      const header = isOn(childPath(row, 'trPr', 'tblHeader')) || (index === 0 && styledHeader);
      const cells: string[] = [];
      const progress: RowProgress = { hasText: false, breaksBefore: 0, breaksAfter: 0 };
      for (const cell of contentChildren(row, 'tc')) {
        const lines: string[] = [];
        this.cellLines(cell, lines, progress);
        cells.push(tidyLines(lines.join('\n')));
      }
      const { breaksBefore, breaksAfter } = progress;
      for (let i = 0; i < breaksBefore; i += 1) this.advance();
      if (cells.some((cell) => cell !== '')) {
        this.emit(header ? { kind: 'table_row', cells, header } : { kind: 'table_row', cells });
      }
      this.pageHasContent = true;
      for (let i = 0; i < breaksAfter; i += 1) this.advance();
    });
  }

  /** Text of a cell, one line per paragraph; nested tables become `a | b` lines. */
  private cellLines(node: Element, lines: string[], progress: RowProgress): void {
    for (const child of node.children) {
      if (!isTag(child)) continue;
      const name = localName(child);
      if (name === 'p') {
        let line = '';
        for (const piece of collectInline(child)) {
          if (piece.kind === 'text') {
            line += piece.text;
            if (piece.text.trim() !== '') progress.hasText = true;
          } else if (piece.kind === 'textbox') {
            this.cellLines(piece.content, lines, progress);
          } else if (this.counts(piece)) {
            if (line.trim() !== '') lines.push(line);
            line = '';
            if (progress.hasText) progress.breaksAfter += 1;
            else progress.breaksBefore += 1;
          }
        }
        lines.push(line);
      } else if (name === 'tbl') {
        for (const row of contentChildren(child, 'tr')) {
          const cells = contentChildren(row, 'tc').map((cell) => {
            const nested: string[] = [];
            this.cellLines(cell, nested, progress);
            return collapseWhitespace(nested.join(' '));
          });
          lines.push(cells.filter((cell) => cell !== '').join(' | '));
        }
      } else if (TRANSPARENT.has(name)) {
        this.cellLines(child, lines, progress);
      }
    }
  }
}

function makeBlock(kind: ParagraphKind, raw: string): Block | undefined {
  if (kind.kind === 'heading') {
    const text = collapseWhitespace(raw);
    return text ? { kind: 'heading', level: kind.level, text } : undefined;
  }
  const text = tidyLines(raw);
  if (!text) return undefined;
  if (kind.kind === 'paragraph') return { kind: 'paragraph', text };
  return kind.ordered === undefined
    ? { kind: 'list_item', text, depth: kind.depth }
    : { kind: 'list_item', text, depth: kind.depth, ordered: kind.ordered };
}

/** DOCX → pages of blocks (see `DocxWalker` for the page rule). */
export function parseDocx(zip: ZipArchive): ParsedDocument {
  const mainPart = mainPartName(zip, 'word/document.xml');
  const xml = requirePartText(zip, mainPart, 'DOCX');
  const documentXml = parseXml(xml, mainPart);
  const body = childPath(documentXml, 'document', 'body');
  if (!body) return { pages: [{ pageNum: 1, blocks: [] }] };

  const relationships = readRelationships(zip, mainPart);
  const stylesPart = relationshipOfKind(relationships, 'styles')?.target ?? 'word/styles.xml';
  const numberingPart =
    relationshipOfKind(relationships, 'numbering')?.target ?? 'word/numbering.xml';
  const styles = new DocxStyles(readXmlPart(zip, stylesPart));
  const numbering = new DocxNumbering(readXmlPart(zip, numberingPart));
  const useRenderedBreaks = xml.includes('lastRenderedPageBreak');
  return new DocxWalker(styles, numbering, useRenderedBreaks).read(body);
}
