import type { FakeBlockInput, FakeNotionPageInput, WikiCorpusPage } from '@docent/source-fakes';

const PANEL_TITLE =
  /<ac:structured-macro ac:name="(?:info|note|warning|tip|panel|expand)"[^>]*>\s*<ac:parameter ac:name="title">([^<]*)<\/ac:parameter>/g;

/** Titles of the panels and expand macros of wiki pages (whatever the connector labels them). */
export function wikiPanelTitles(pages: readonly WikiCorpusPage[]): string[] {
  return [
    ...new Set(pages.flatMap((page) => [...page.body.matchAll(PANEL_TITLE)].map((m) => m[1]!))),
  ]
    .map((title) => title.trim())
    .filter(Boolean);
}

/** The titles of toggles and the emoji of callouts of Notion pages, nested ones included. */
export function notionBlockTitles(pages: readonly FakeNotionPageInput[]): string[] {
  const titles = new Set<string>();
  const plain = (text: unknown) =>
    typeof text === 'string'
      ? text
      : Array.isArray(text)
        ? text
            .map((part) =>
              typeof part === 'string' ? part : ((part as { text?: string }).text ?? ''),
            )
            .join('')
        : '';
  const visit = (blocks: readonly FakeBlockInput[] | undefined) => {
    for (const block of blocks ?? []) {
      if (block.type === 'toggle') titles.add(plain(block.text));
      if (block.type === 'callout' && block.emoji) titles.add(block.emoji);
      if ('children' in block && Array.isArray(block.children)) visit(block.children);
      if (block.type === 'child_page') visit(block.page.blocks);
    }
  };
  for (const page of pages) visit(page.blocks);
  return [...titles].filter((title) => title.trim() !== '');
}
