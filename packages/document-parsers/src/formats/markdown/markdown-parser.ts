import { type Block, type ParsedDocument } from '@docent/document-model';
import MarkdownIt from 'markdown-it';
import { collapseWhitespace, tidyLines } from '../../blocks/block-text';
import { htmlToBlocks } from '../html/html-blocks';

type Token = MarkdownIt.Token;

interface OpenItem {
  depth: number;
  ordered: boolean;
  parts: string[];
  /** Set once the item's own text went out (before its nested list, or at its end). */
  emitted: boolean;
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const TASK_MARKER = /^\[([ xX])\]\s+/;

const markdown = new MarkdownIt('default', { html: true, linkify: false, typographer: false });

/** Text of an inline token: soft breaks join lines, hard breaks and `<br>` keep them. */
function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  let text = '';
  for (const child of token.children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        text += child.content;
        break;
      case 'softbreak':
        text += ' ';
        break;
      case 'hardbreak':
        text += '\n';
        break;
      case 'html_inline':
        if (/^<br\s*\/?>$/i.test(child.content)) text += '\n';
        break;
    }
  }
  return tidyLines(text);
}

function lineOf(block: Block): string {
  switch (block.kind) {
    case 'table_row':
      return block.cells.join(' | ');
    case 'list_item':
      return `${'  '.repeat(block.depth)}- ${block.text}`;
    default:
      return block.text;
  }
}

/** Turns markdown-it's token stream into blocks; a blockquote becomes one quote block. */
class MarkdownBlockWriter {
  readonly blocks: Block[] = [];
  private readonly lists: boolean[] = [];
  private readonly items: OpenItem[] = [];
  private quoteDepth = 0;
  private quoteLines: string[] = [];
  private tableRow: string[] | undefined;
  private inTableHead = false;

  write(tokens: Token[]): void {
    tokens.forEach((token, index) => this.token(token, tokens[index + 1]));
  }

  private emit(block: Block): void {
    if (this.quoteDepth > 0) this.quoteLines.push(lineOf(block));
    else this.blocks.push(block);
  }

  private emitItem(item: OpenItem): void {
    item.emitted = true;
    let text = item.parts.join('\n');
    if (!text) return;
    const task = TASK_MARKER.exec(text);
    const block: Extract<Block, { kind: 'list_item' }> = {
      kind: 'list_item',
      text,
      depth: item.depth,
      ordered: item.ordered,
    };
    if (task) {
      text = text.slice(task[0].length);
      block.text = text;
      block.checked = task[1] !== ' ';
    }
    this.emit(block);
  }

  private token(token: Token, next: Token | undefined): void {
    const openItem = this.items[this.items.length - 1];
    switch (token.type) {
      case 'heading_open': {
        const text = collapseWhitespace(inlineText(next));
        if (text) this.emit({ kind: 'heading', level: Number(token.tag.slice(1)), text });
        break;
      }
      case 'paragraph_open': {
        const text = inlineText(next);
        if (!text) break;
        if (openItem && !openItem.emitted) openItem.parts.push(text);
        else this.emit({ kind: 'paragraph', text });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        if (openItem && !openItem.emitted) this.emitItem(openItem);
        this.lists.push(token.type === 'ordered_list_open');
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        this.lists.pop();
        break;
      case 'list_item_open':
        this.items.push({
          depth: Math.max(0, this.lists.length - 1),
          ordered: this.lists[this.lists.length - 1] ?? false,
          parts: [],
          emitted: false,
        });
        break;
      case 'list_item_close': {
        const item = this.items.pop();
        if (item && !item.emitted) this.emitItem(item);
        break;
      }
      case 'blockquote_open':
        if (this.quoteDepth === 0) this.quoteLines = [];
        this.quoteDepth += 1;
        break;
      case 'blockquote_close':
        this.quoteDepth -= 1;
        if (this.quoteDepth === 0) {
          const text = this.quoteLines.join('\n');
          if (text) this.emit({ kind: 'quote', text });
        }
        break;
      case 'fence':
      case 'code_block': {
        const language = token.info.trim().split(/\s+/)[0];
        const text = token.content.replace(/\n$/, '');
        if (!text.trim()) break;
        this.emit(language ? { kind: 'code', text, language } : { kind: 'code', text });
        break;
      }
      case 'thead_open':
        this.inTableHead = true;
        break;
      case 'thead_close':
        this.inTableHead = false;
        break;
      case 'tr_open':
        this.tableRow = [];
        break;
      case 'th_open':
      case 'td_open':
        this.tableRow?.push(collapseWhitespace(inlineText(next)));
        break;
      case 'tr_close':
        if (this.tableRow?.some((cell) => cell !== '')) {
          const cells = this.tableRow;
          this.emit(
            this.inTableHead
              ? { kind: 'table_row', cells, header: true }
              : { kind: 'table_row', cells },
          );
        }
        this.tableRow = undefined;
        break;
      case 'html_block':
        for (const block of htmlToBlocks(token.content, { wholeFragment: true })) this.emit(block);
        break;
    }
  }
}

/** Markdown (CommonMark + GFM tables, task items) → one page of blocks; front matter skipped. */
export function parseMarkdown(text: string): ParsedDocument {
  const writer = new MarkdownBlockWriter();
  writer.write(markdown.parse(text.replace(FRONT_MATTER, ''), {}));
  return { pages: [{ pageNum: 1, blocks: writer.blocks }] };
}
