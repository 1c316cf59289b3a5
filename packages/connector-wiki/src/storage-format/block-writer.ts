import type { Block } from '@docent/connector-sdk';
import { appendCallout, type BlockSink, type CalloutBlock } from '@docent/document-model';
import { collapseWhitespace, normaliseLines } from './inline-text';

type ListItemBlock = Extract<Block, { kind: 'list_item' }>;
/** What running text turns into where it is flushed. */
export type FlowContext =
  | { kind: 'body' }
  | { kind: 'list_item'; depth: number; ordered: boolean; checked?: boolean }
  | { kind: 'callout'; label: string; term?: boolean };

type OpenContext =
  | {
      kind: 'body';
      /** A term just written as a title: the paragraphs under it, up to a heading, describe it. */
      described?: { term: string; block?: CalloutBlock };
    }
  | {
      kind: 'list_item';
      depth: number;
      ordered: boolean;
      checked?: boolean;
      item?: ListItemBlock;
    }
  | {
      kind: 'callout';
      label: string;
      term?: boolean;
      started: boolean;
      current?: CalloutBlock;
    };

/**
 * Collects blocks while the walker streams inline text and block boundaries into it.
 *
 * Callouts: the running text of a panel becomes `callout` blocks labelled with the panel title
 * (consecutive paragraphs share one block, lines joined by '\n'); lists, tables, code and
 * headings inside the panel stay blocks of their own, in order. A panel that opens with such a
 * block gets a leading `{ kind: 'callout', text: <label> }` marker, so the chunk still says it is
 * a note or a warning.
 */
export class BlockWriter {
  private readonly blocks: Block[] = [];
  private buffer = '';
  private readonly contexts: OpenContext[] = [{ kind: 'body' }];

  text(text: string): void {
    this.buffer += collapseWhitespace(text);
  }

  lineBreak(): void {
    this.buffer += '\n';
  }

  /** Ends the running paragraph (or list item text, or callout text). */
  flush(): void {
    const text = normaliseLines(this.buffer);
    this.buffer = '';
    if (text.length > 0) this.emitRunningText(text);
  }

  add(block: Block): void {
    this.flush();
    this.push(block);
  }

  /** Code is kept verbatim; whitespace-only code is dropped. */
  addCode(text: string, language?: string): void {
    if (!text.trim()) return;
    this.add({ kind: 'code', text, ...(language ? { language } : {}) });
  }

  /**
   * The paragraphs that follow, up to the next heading, describe `term`: they are written as a
   * callout labelled with the term, as a definition list's description is. Only in the body:
   * a term titled inside a panel or list item ends with it.
   */
  describeNext(term: string): void {
    this.flush();
    const context = this.contexts[this.contexts.length - 1];
    if (context?.kind === 'body') context.described = { term };
  }

  /** Runs `body` with text flushed into `context` (a list item, a panel...). */
  within(context: FlowContext, body: () => void): void {
    this.flush();
    this.contexts.push(
      context.kind === 'callout' ? { ...context, started: false } : { ...context },
    );
    try {
      body();
      this.flush();
    } finally {
      this.contexts.pop();
    }
  }

  result(): Block[] {
    this.flush();
    return this.blocks;
  }

  private emitRunningText(text: string): void {
    const context = this.contexts[this.contexts.length - 1] ?? { kind: 'body' };
    const last = this.blocks[this.blocks.length - 1];
    switch (context.kind) {
      case 'body': {
        const described = context.described;
        if (described === undefined) this.push({ kind: 'paragraph', text });
        else {
          described.block = appendCallout(this.sink, described.block, {
            label: described.term,
            text,
            term: true,
          });
        }
        return;
      }
      case 'list_item':
        if (context.item === undefined) {
          context.item = {
            kind: 'list_item',
            text,
            depth: context.depth,
            ordered: context.ordered,
            ...(context.checked === undefined ? {} : { checked: context.checked }),
          };
          this.push(context.item);
        } else if (last === context.item) {
          context.item.text += `\n${text}`;
        } else {
          // Text after a nested list or code block of the same item.
          this.push({ kind: 'paragraph', text });
        }
        return;
      case 'callout':
        context.started = true;
        context.current = appendCallout(this.sink, context.current, {
          label: context.label,
          text,
          ...(context.term !== undefined && { term: context.term }),
        });
        return;
    }
  }

  /** `appendCallout`'s view of this writer: its blocks, added through `push`. */
  private readonly sink: BlockSink = { blocks: this.blocks, push: (block) => this.push(block) };

  private push(block: Block): void {
    if (block.kind === 'heading') {
      for (const context of this.contexts) if (context.kind === 'body') delete context.described;
    }
    for (const context of this.contexts) {
      if (context.kind === 'callout' && !context.started) {
        context.started = true;
        this.blocks.push({ kind: 'callout', text: context.label });
      }
    }
    this.blocks.push(block);
  }
}
