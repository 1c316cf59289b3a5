import { htmlToBlocks } from '../src/formats/html/html-blocks';
import { parseHtml } from '../src/formats/html/html-parser';
import { parseMarkdown } from '../src/formats/markdown/markdown-parser';

const blocksOf = (markdown: string) => parseMarkdown(markdown).pages[0]?.blocks;

describe('Markdown', () => {
  it('reads headings, paragraphs, nested and ordered lists with task markers', () => {
    const markdown = [
      '---',
      'title: front matter is not content',
      '---',
      '# Title',
      '',
      'A paragraph that',
      'wraps, with `code` and a [link](https://example.com).',
      '',
      '- top',
      '  - nested',
      '    1. deep and numbered',
      '- [x] done task',
      '- [ ] open task',
      '',
      'Setext heading',
      '--------------',
    ].join('\n');
    expect(blocksOf(markdown)).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'A paragraph that wraps, with code and a link.' },
      { kind: 'list_item', text: 'top', depth: 0, ordered: false },
      { kind: 'list_item', text: 'nested', depth: 1, ordered: false },
      { kind: 'list_item', text: 'deep and numbered', depth: 2, ordered: true },
      { kind: 'list_item', text: 'done task', depth: 0, ordered: false, checked: true },
      { kind: 'list_item', text: 'open task', depth: 0, ordered: false, checked: false },
      { kind: 'heading', level: 2, text: 'Setext heading' },
    ]);
  });

  it('reads tables, fences with their language, indented code and blockquotes', () => {
    const markdown = [
      '| Name | Value |',
      '|------|-------|',
      '| a    | 1     |',
      '',
      '```ts title="x.ts"',
      'const x = 1;',
      '```',
      '',
      '    indented()',
      '',
      '> quoted line',
      '> - quoted item',
    ].join('\n');
    expect(blocksOf(markdown)).toEqual([
      { kind: 'table_row', cells: ['Name', 'Value'], header: true },
      { kind: 'table_row', cells: ['a', '1'] },
      { kind: 'code', text: 'const x = 1;', language: 'ts' },
      { kind: 'code', text: 'indented()' },
      { kind: 'quote', text: 'quoted line\n- quoted item' },
    ]);
  });

  it('reads raw HTML blocks as HTML', () => {
    expect(blocksOf('<table><tr><th>K</th></tr><tr><td>v</td></tr></table>\n\nafter')).toEqual([
      { kind: 'table_row', cells: ['K'], header: true },
      { kind: 'table_row', cells: ['v'] },
      { kind: 'paragraph', text: 'after' },
    ]);
  });
});

describe('HTML', () => {
  it('drops page chrome and keeps the main content', () => {
    const html = `<!DOCTYPE html><html><head><title>Page title</title><style>p{}</style></head>
      <body><header><a>Logo</a> Menu</header><nav>Home | Docs</nav>
      <main><article><header><h1>Post title</h1></header>
        <p>Body <b>text</b><br>second line</p><script>track()</script>
        <div hidden>secret</div><div style="display: none">also hidden</div>
        <aside>Related posts</aside>
        <p>Loose text in a div follows.</p><div>inline <span>run</span></div>
      </article></main>
      <footer>Copyright</footer></body></html>`;
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'heading', level: 1, text: 'Post title' },
      { kind: 'paragraph', text: 'Body text\nsecond line' },
      { kind: 'paragraph', text: 'Loose text in a div follows.' },
      { kind: 'paragraph', text: 'inline run' },
    ]);
  });

  it('reads nested lists with depth, tables with header rows, pre with language and quotes', () => {
    const html = `<body>
      <ol><li>first<ul><li>nested <em>item</em></li></ul></li><li><p>second</p></li></ol>
      <ul><li><input type="checkbox" checked> done</li></ul>
      <table><caption>Caption</caption><thead><tr><th>A</th><th>B</th></tr></thead>
        <tbody><tr><td>1</td><td><p>two</p><p>lines</p></td></tr></tbody></table>
      <pre><code class="language-python">def f():
    return 1
</code></pre>
      <blockquote><p>Quoted</p><p>twice</p></blockquote></body>`;
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'list_item', text: 'first', depth: 0, ordered: true },
      { kind: 'list_item', text: 'nested item', depth: 1, ordered: false },
      { kind: 'list_item', text: 'second', depth: 0, ordered: true },
      { kind: 'list_item', text: 'done', depth: 0, ordered: false, checked: true },
      { kind: 'paragraph', text: 'Caption' },
      { kind: 'table_row', cells: ['A', 'B'], header: true },
      { kind: 'table_row', cells: ['1', 'two lines'] },
      { kind: 'code', text: 'def f():\n    return 1', language: 'python' },
      { kind: 'quote', text: 'Quoted\ntwice' },
    ]);
  });

  it('reads a paragraph of bold words alone as a title, and a bold sentence as a paragraph', () => {
    const blocks = htmlToBlocks(
      '<p><b>Restore drill</b></p><p>Run it quarterly.</p><p><strong>Never restore on Fridays.</strong></p>',
      { wholeFragment: true },
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 6, text: 'Restore drill' },
      { kind: 'paragraph', text: 'Run it quarterly.' },
      { kind: 'paragraph', text: 'Never restore on Fridays.' },
    ]);
  });

  it('labels each description of a definition list with its term, as a panel with its title', () => {
    const blocks = htmlToBlocks(
      `<dl><dt><code>shared_buffers</code> (integer)</dt><dd><p>Sets the amount of memory.</p><p>The default is 128 megabytes.</p><pre>shared_buffers = 1GB</pre></dd>
       <dt>orphan term</dt></dl>`,
      { wholeFragment: true },
    );
    expect(blocks).toEqual([
      {
        kind: 'callout',
        label: 'shared_buffers (integer)',
        term: true,
        text: 'Sets the amount of memory.\nThe default is 128 megabytes.',
      },
      { kind: 'code', text: 'shared_buffers = 1GB' },
      { kind: 'paragraph', text: 'orphan term' },
    ]);
  });

  it("labels the paragraphs under an option's or a setting's bold name as its description, as the wiki does", () => {
    // The same fragment and blocks as connector-wiki's storage-to-blocks test: a manual uploaded as
    // an .html file is read as the wiki reads it (the term rule lives in @docent/document-model).
    const fragment =
      '<p><strong>-a, --all</strong></p><p>Stash all files, including ignored ones.</p><p>Then cleaned.</p>' +
      '<dl><dt><code>gc.auto</code></dt><dd><p>Packs loose objects past this many.</p><p>The default value is 6700.</p></dd></dl>' +
      '<p><strong>2.1 Access control</strong></p><p>Only admins may invite users.</p>';
    expect(htmlToBlocks(fragment, { wholeFragment: true })).toEqual([
      { kind: 'heading', level: 6, text: '-a, --all' },
      {
        kind: 'callout',
        label: '-a, --all',
        term: true,
        text: 'Stash all files, including ignored ones.\nThen cleaned.',
      },
      {
        kind: 'callout',
        label: 'gc.auto',
        term: true,
        text: 'Packs loose objects past this many.\nThe default value is 6700.',
      },
      { kind: 'heading', level: 6, text: '2.1 Access control' },
      { kind: 'paragraph', text: 'Only admins may invite users.' },
    ]);
  });

  it("drops a heading's or a term's permalink mark, as the wiki does", () => {
    // Sphinx and MkDocs end each with an anchor reading "¶"; the same fragment as
    // connector-wiki's storage-to-blocks test.
    const fragment =
      '<h2>heapq<a class="headerlink" href="#heapq">¶</a></h2>' +
      '<dl><dt><code>heapq.heapify(x)</code><a class="headerlink" href="#heapq.heapify">¶</a></dt>' +
      '<dd><p>Transform list x into a heap.</p></dd></dl>' +
      '<p><strong><code>heapq.heappop(heap)</code>¶</strong></p><p>Pop the smallest item.</p>';
    expect(htmlToBlocks(fragment, { wholeFragment: true })).toEqual([
      { kind: 'heading', level: 2, text: 'heapq' },
      {
        kind: 'callout',
        label: 'heapq.heapify(x)',
        term: true,
        text: 'Transform list x into a heap.',
      },
      { kind: 'heading', level: 6, text: 'heapq.heappop(heap)' },
      { kind: 'callout', label: 'heapq.heappop(heap)', term: true, text: 'Pop the smallest item.' },
    ]);
  });

  it('decodes the charset a page declares', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('<meta charset="windows-1252"><p>caf'),
      0xe9,
      ...new TextEncoder().encode('</p>'),
    ]);
    expect(parseHtml(bytes).pages[0]?.blocks).toEqual([{ kind: 'paragraph', text: 'café' }]);
  });

  it('does not expand entities declared in a DTD (billion laughs stays small)', () => {
    const laughs = [
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
      ']>',
      '<p>&lol9;</p>',
    ].join('\n');
    const text = htmlToBlocks(laughs, { wholeFragment: true })
      .map((block) => ('text' in block ? block.text : ''))
      .join('\n');
    expect(text).toContain('&lol9;');
    expect(text.length).toBeLessThan(2_000);
  });
});
