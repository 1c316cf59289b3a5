import type { Block } from './document';

export type CalloutBlock = Extract<Block, { kind: 'callout' }>;

/** Where a walker writes its blocks: what it has written, and how it adds one. */
export interface BlockSink {
  readonly blocks: readonly Block[];
  push(block: Block): void;
}

/**
 * Writes one paragraph of a callout (a panel's running text, a term's description): it joins
 * `open` when that is the last block written, else starts a callout labelled `label` (marked as
 * a term's description with `term`). Returns the callout the text went into.
 */
export function appendCallout(
  sink: BlockSink,
  open: CalloutBlock | undefined,
  paragraph: { label: string; text: string; term?: boolean },
): CalloutBlock {
  if (open !== undefined && sink.blocks[sink.blocks.length - 1] === open) {
    open.text += `\n${paragraph.text}`;
    return open;
  }
  const { label, text, term } = paragraph;
  const block: CalloutBlock = { kind: 'callout', label, text, ...(term && { term: true }) };
  sink.push(block);
  return block;
}
