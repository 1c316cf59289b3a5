import { type Block, type DocumentPage, type ParsedDocument } from '@docent/document-model';
import { isTag, type Element } from 'domhandler';
import { collapseWhitespace, tidyLines } from '../../blocks/block-text';
import {
  mainPartName,
  readRelationships,
  readXmlPart,
  relationshipOfKind,
  requireXmlPart,
} from '../../ooxml/package-parts';
import {
  attr,
  childElements,
  childPath,
  descendants,
  firstChild,
  localName,
  prefixedAttr,
} from '../../xml/xml-tree';
import { type ZipArchive } from '../../zip/zip-archive';
import { drawingParagraphs } from './drawing-text';

/** Placeholders that repeat on every slide and say nothing about its content. */
const BOILERPLATE_PLACEHOLDERS = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);
/** Placeholders whose paragraphs carry the master's bullets unless they say otherwise. */
const BULLETED_PLACEHOLDERS = new Set(['body', 'obj']);
const PANEL_TITLE_MAX_WORDS = 8;

interface SlideContent {
  title?: string;
  blocks: Block[];
}

function placeholderType(shape: Element): string | undefined {
  const nvPr = childPath(shape, 'nvSpPr', 'nvPr') ?? childPath(shape, 'nvGraphicFramePr', 'nvPr');
  const ph = nvPr && firstChild(nvPr, 'ph');
  if (!ph) return undefined;
  // A placeholder without a type is a content ("obj") placeholder.
  return attr(ph, 'type') ?? 'obj';
}

function textBodyBlocks(txBody: Element, bulletedByDefault: boolean): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of drawingParagraphs(txBody)) {
    const text = tidyLines(paragraph.text);
    if (!text) continue;
    // Indented paragraphs read as sub-points even in plain text boxes.
    const bulleted =
      paragraph.bullet === 'char' ||
      paragraph.bullet === 'number' ||
      (paragraph.bullet === 'inherit' && (bulletedByDefault || paragraph.level > 0));
    if (bulleted) {
      const ordered = paragraph.bullet === 'number';
      blocks.push(
        ordered
          ? { kind: 'list_item', text, depth: paragraph.level, ordered }
          : { kind: 'list_item', text, depth: paragraph.level },
      );
    } else {
      blocks.push({ kind: 'paragraph', text });
    }
  }
  return markPanelTitles(blocks);
}

/**
 * A box's short Title Case line over bullet points ("Development Phase Calendar Qtr.", "Current
 * Focus") is the title of that panel, not a sentence: a heading under the slide's, so every
 * point carries it ("Stable Profile layer Q1/2018" is a date of the development calendar).
 */
function markPanelTitles(blocks: Block[]): Block[] {
  return blocks.map((block, index) => {
    const next = blocks[index + 1];
    if (block.kind !== 'paragraph' || next?.kind !== 'list_item') return block;
    return isPanelTitle(block.text) ? { kind: 'heading', level: 2, text: block.text } : block;
  });
}

function isPanelTitle(text: string): boolean {
  const words = text.split(/\s+/);
  if (words.length > PANEL_TITLE_MAX_WORDS || /[:;,!?]$/.test(text)) return false;
  // Every longer word capitalised; a final period only after an abbreviation ("Qtr.").
  if (words.some((word) => word.length > 3 && !/^[\p{Lu}\p{N}(“"]/u.test(word))) return false;
  return !text.endsWith('.') || /\s\p{Lu}\p{Ll}{0,3}\.$/u.test(text);
}

function tableBlocks(table: Element): Block[] {
  const tblPr = firstChild(table, 'tblPr');
  const firstRowIsHeader =
    tblPr !== undefined && ['1', 'true'].includes(attr(tblPr, 'firstRow') ?? '');
  return childElements(table, 'tr').flatMap((row, index): Block[] => {
    const cells = childElements(row, 'tc').map((cell) => {
      const txBody = firstChild(cell, 'txBody');
      if (!txBody) return '';
      return tidyLines(
        drawingParagraphs(txBody)
          .map((p) => p.text)
          .join('\n'),
      );
    });
    if (cells.every((cell) => cell === '')) return [];
    return index === 0 && firstRowIsHeader
      ? [{ kind: 'table_row', cells, header: true }]
      : [{ kind: 'table_row', cells }];
  });
}

/** Shapes of a shape tree in z-order, groups flattened. */
function readShapes(tree: Element, slide: SlideContent): void {
  for (const shape of tree.children) {
    if (!isTag(shape)) continue;
    const name = localName(shape);
    if (name === 'grpSp') {
      readShapes(shape, slide);
    } else if (name === 'AlternateContent') {
      const variant = firstChild(shape, 'Choice') ?? firstChild(shape, 'Fallback');
      if (variant) readShapes(variant, slide);
    } else if (name === 'graphicFrame') {
      for (const table of descendants(shape, 'tbl')) slide.blocks.push(...tableBlocks(table));
    } else if (name === 'sp') {
      const type = placeholderType(shape);
      const txBody = firstChild(shape, 'txBody');
      if (!txBody || (type && BOILERPLATE_PLACEHOLDERS.has(type))) continue;
      if (type && TITLE_PLACEHOLDERS.has(type) && slide.title === undefined) {
        const title = collapseWhitespace(
          drawingParagraphs(txBody)
            .map((p) => p.text)
            .join(' '),
        );
        if (title) {
          slide.title = title;
          continue;
        }
      }
      slide.blocks.push(
        ...textBodyBlocks(txBody, type !== undefined && BULLETED_PLACEHOLDERS.has(type)),
      );
    }
  }
}

/** Text of the notes page's body placeholder, as one "Notes" callout. */
function notesBlock(zip: ZipArchive, slidePart: string): Block | undefined {
  const notesPart = relationshipOfKind(readRelationships(zip, slidePart), 'notesSlide')?.target;
  const notes = notesPart ? readXmlPart(zip, notesPart) : undefined;
  const tree = notes && childPath(notes, 'notes', 'cSld', 'spTree');
  if (!tree) return undefined;
  const lines = descendants(tree, 'sp')
    .filter((shape) => placeholderType(shape) === 'body')
    .flatMap((shape) => {
      const txBody = firstChild(shape, 'txBody');
      return txBody ? drawingParagraphs(txBody).map((p) => p.text) : [];
    });
  const text = tidyLines(lines.join('\n'));
  return text ? { kind: 'callout', text, label: 'Notes' } : undefined;
}

function readSlide(zip: ZipArchive, slidePart: string, pageNum: number): DocumentPage {
  const slide = readXmlPart(zip, slidePart);
  const tree = slide && childPath(slide, 'sld', 'cSld', 'spTree');
  const content: SlideContent = { blocks: [] };
  if (tree) readShapes(tree, content);
  const notes = notesBlock(zip, slidePart);
  const blocks: Block[] = content.title ? [{ kind: 'heading', level: 1, text: content.title }] : [];
  blocks.push(...content.blocks);
  if (notes) blocks.push(notes);
  return content.title ? { pageNum, label: content.title, blocks } : { pageNum, blocks };
}

/** PPTX → one page per slide in presentation order; the title is the heading and the label. */
export function parsePptx(zip: ZipArchive): ParsedDocument {
  const mainPart = mainPartName(zip, 'ppt/presentation.xml');
  const presentation = requireXmlPart(zip, mainPart, 'PPTX');
  const relationships = readRelationships(zip, mainPart);
  const slideList = childPath(presentation, 'presentation', 'sldIdLst');
  const slideIds = slideList ? childElements(slideList, 'sldId') : [];
  const pages = slideIds.map((slideId, index) => {
    const relationId = prefixedAttr(slideId, 'id');
    const target = relationId ? relationships.get(relationId)?.target : undefined;
    return target && zip.has(target)
      ? readSlide(zip, target, index + 1)
      : { pageNum: index + 1, blocks: [] };
  });
  return { pages: pages.length > 0 ? pages : [{ pageNum: 1, blocks: [] }] };
}
