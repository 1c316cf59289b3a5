import { DocumentError } from '@docent/connector-sdk';
import { confluenceStorageToBlocks as convert } from '../src/storage-format/storage-to-blocks';

describe('confluenceStorageToBlocks', () => {
  describe('plain HTML', () => {
    it('turns h1–h6 into headings with their level', () => {
      const blocks = convert(
        '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
      );
      expect(blocks).toEqual(
        [1, 2, 3, 4, 5, 6].map((level, i) => ({
          kind: 'heading',
          level,
          text: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'][i],
        })),
      );
    });

    it('reads a paragraph of bold words alone as a title, and a bold sentence as a paragraph', () => {
      const blocks = convert(
        '<h2>Runbook</h2><p><strong>Restore drill</strong></p><p>Run it quarterly.</p><p><b>Never force-push to main.</b></p><p><strong>Note:</strong> read this.</p>',
      );
      expect(blocks).toEqual([
        { kind: 'heading', level: 2, text: 'Runbook' },
        { kind: 'heading', level: 6, text: 'Restore drill' },
        { kind: 'paragraph', text: 'Run it quarterly.' },
        { kind: 'paragraph', text: 'Never force-push to main.' },
        { kind: 'paragraph', text: 'Note: read this.' },
      ]);
    });

    it("labels the paragraphs under a bold option or setting name with it, up to the next heading, as a definition list's", () => {
      // A manual moved into the wiki: each option a bold line, its description the paragraphs
      // under it ("which option…" asks for the name, which a bare sentence lacks).
      const blocks = convert(
        '<h2>Options</h2><p><strong>-a, --all</strong></p><p>Only valid for <code>push</code>.</p><p>All ignored files are stashed.</p>' +
          '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[git stash -a]]></ac:plain-text-body></ac:structured-macro><p>Then cleaned.</p>' +
          '<p><strong>gc.auto</strong></p><p>The default value is 6700.</p><p><strong>--depth &lt;depth&gt;</strong></p><ul><li>a list first</li></ul><p>After it.</p>' +
          '<h2>See also</h2><p>git-clean(1)</p>',
      );
      expect(blocks).toEqual([
        { kind: 'heading', level: 2, text: 'Options' },
        { kind: 'heading', level: 6, text: '-a, --all' },
        {
          kind: 'callout',
          label: '-a, --all',
          term: true,
          text: 'Only valid for push.\nAll ignored files are stashed.',
        },
        { kind: 'code', text: 'git stash -a' },
        { kind: 'callout', label: '-a, --all', term: true, text: 'Then cleaned.' },
        { kind: 'heading', level: 6, text: 'gc.auto' },
        { kind: 'callout', label: 'gc.auto', term: true, text: 'The default value is 6700.' },
        { kind: 'heading', level: 6, text: '--depth <depth>' },
        { kind: 'list_item', text: 'a list first', depth: 0, ordered: false },
        { kind: 'callout', label: '--depth <depth>', term: true, text: 'After it.' },
        { kind: 'heading', level: 2, text: 'See also' },
        { kind: 'paragraph', text: 'git-clean(1)' },
      ]);
    });

    it('reads terms in a fragment as the HTML file parser does', () => {
      // The same fragment and blocks as document-parsers' markup-formats test: a manual pasted into
      // the wiki is read as the same manual uploaded as an .html file (the term rule lives in @docent/document-model).
      const fragment =
        '<p><strong>-a, --all</strong></p><p>Stash all files, including ignored ones.</p><p>Then cleaned.</p>' +
        '<dl><dt><code>gc.auto</code></dt><dd><p>Packs loose objects past this many.</p><p>The default value is 6700.</p></dd></dl>' +
        '<p><strong>2.1 Access control</strong></p><p>Only admins may invite users.</p>';
      expect(convert(fragment)).toEqual([
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

    it("drops a heading's or a term's permalink mark, as the HTML file parser does", () => {
      // Sphinx and MkDocs end each with an anchor reading "¶"; the same fragment as
      // document-parsers' markup-formats test.
      const fragment =
        '<h2>heapq<a class="headerlink" href="#heapq">¶</a></h2>' +
        '<dl><dt><code>heapq.heapify(x)</code><a class="headerlink" href="#heapq.heapify">¶</a></dt>' +
        '<dd><p>Transform list x into a heap.</p></dd></dl>' +
        '<p><strong><code>heapq.heappop(heap)</code>¶</strong></p><p>Pop the smallest item.</p>';
      expect(convert(fragment)).toEqual([
        { kind: 'heading', level: 2, text: 'heapq' },
        {
          kind: 'callout',
          label: 'heapq.heapify(x)',
          term: true,
          text: 'Transform list x into a heap.',
        },
        { kind: 'heading', level: 6, text: 'heapq.heappop(heap)' },
        {
          kind: 'callout',
          label: 'heapq.heappop(heap)',
          term: true,
          text: 'Pop the smallest item.',
        },
      ]);
    });

    it('reads a bold title all in code as a term, whatever its words', () => {
      expect(
        convert('<p><strong><code>git stash push</code></strong></p><p>Saves your changes.</p>'),
      ).toEqual([
        { kind: 'heading', level: 6, text: 'git stash push' },
        { kind: 'callout', label: 'git stash push', term: true, text: 'Saves your changes.' },
      ]);
      // The same words in plain bold are a section title.
      expect(convert('<p><strong>Stash push</strong></p><p>Saves your changes.</p>')).toEqual([
        { kind: 'heading', level: 6, text: 'Stash push' },
        { kind: 'paragraph', text: 'Saves your changes.' },
      ]);
    });

    it('reads placeholders and setting names as terms, but not section numbers, versions or abbreviations', () => {
      const described = (title: string) =>
        convert(`<p><strong>${title}</strong></p><p>Says what it does.</p>`)[1];
      for (const term of [
        '&lt;commit&gt;',
        'effective_cache_size (integer)',
        'remote.&lt;name&gt;.prune',
        'GIT_DIR',
        'pack.window=&lt;n&gt;',
      ]) {
        expect({ term, block: described(term) }).toMatchObject({
          term,
          block: { kind: 'callout', term: true },
        });
      }
      for (const title of [
        '2.1 Access control',
        'v2.0 Release notes',
        'Node.js setup',
        'e.g. this',
      ]) {
        expect(described(title)).toEqual({ kind: 'paragraph', text: 'Says what it does.' });
      }
      // Every alternative must be a term's.
      expect(described('gc.auto, Scope notes here')).toEqual({
        kind: 'paragraph',
        text: 'Says what it does.',
      });
    });

    it('ends a term titled inside a panel with the panel', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="info"><ac:rich-text-body><p><strong>gc.auto</strong></p><p>Inside.</p></ac:rich-text-body></ac:structured-macro><p>After the panel.</p>',
      );
      expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'After the panel.' });
    });

    it('labels each description of a definition list with its term', () => {
      const blocks = convert(
        '<dl><dt><code>core.autocrlf</code></dt><dd><p>Converts line endings.</p><p>The default is false.</p></dd><dt>alone</dt></dl>',
      );
      expect(blocks).toEqual([
        {
          kind: 'callout',
          label: 'core.autocrlf',
          term: true,
          text: 'Converts line endings.\nThe default is false.',
        },
        { kind: 'paragraph', text: 'alone' },
      ]);
    });

    it('flattens inline formatting and normalises whitespace', () => {
      const blocks = convert(
        '<p>  A <strong>bold</strong>\n  and <em>em</em><span>pha</span><u>sis</u>   <code>x()</code> <a href="https://e.x">link</a>. </p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'A bold and emphasis x() link.' }]);
    });

    it('decodes named, undeclared and numeric entities', () => {
      const blocks = convert(
        '<p>It&rsquo;s&nbsp;a&nbsp;test &amp; &lt;ok&gt; &#8212; &#x2713; &eacute;t&eacute;</p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'It’s a test & <ok> — ✓ été' }]);
    });

    it('keeps <br/> as a line break inside the paragraph', () => {
      const blocks = convert('<p>line one<br/>line two<br />  <br/>line three</p>');
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'line one\nline two\nline three' }]);
    });

    it('drops empty paragraphs and zero-width characters', () => {
      const blocks = convert('<p> </p><p>&nbsp;</p><p>\u200bvisible\u200b</p><p><br/></p>');
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'visible' }]);
    });

    it('treats hr as a boundary and text outside any element as a paragraph', () => {
      expect(convert('loose text<hr/>more')).toEqual([
        { kind: 'paragraph', text: 'loose text' },
        { kind: 'paragraph', text: 'more' },
      ]);
    });

    it('renders blockquote as a quote', () => {
      expect(convert('<blockquote><p>first</p><p>second</p></blockquote>')).toEqual([
        { kind: 'quote', text: 'first\nsecond' },
      ]);
    });
  });

  describe('lists', () => {
    it('gives nested items their depth and ordered flag', () => {
      const blocks = convert(
        '<ul><li>a<ul><li>a.1<ol><li>a.1.i</li></ol></li></ul></li><li><p>b</p></li></ul><ol><li>first</li></ol>',
      );
      expect(blocks).toEqual([
        { kind: 'list_item', text: 'a', depth: 0, ordered: false },
        { kind: 'list_item', text: 'a.1', depth: 1, ordered: false },
        { kind: 'list_item', text: 'a.1.i', depth: 2, ordered: true },
        { kind: 'list_item', text: 'b', depth: 0, ordered: false },
        { kind: 'list_item', text: 'first', depth: 0, ordered: true },
      ]);
    });

    it('joins the paragraphs of one item and keeps text after a nested list', () => {
      const blocks = convert('<ul><li><p>one</p><p>two</p><ul><li>child</li></ul>after</li></ul>');
      expect(blocks).toEqual([
        { kind: 'list_item', text: 'one\ntwo', depth: 0, ordered: false },
        { kind: 'list_item', text: 'child', depth: 1, ordered: false },
        { kind: 'paragraph', text: 'after' },
      ]);
    });

    it('reads a list nested directly in a list as one level deeper and skips empty items', () => {
      const blocks = convert('<ul><li>top</li><ul><li>inner</li></ul><li> </li></ul>');
      expect(blocks).toEqual([
        { kind: 'list_item', text: 'top', depth: 0, ordered: false },
        { kind: 'list_item', text: 'inner', depth: 1, ordered: false },
      ]);
    });

    it('turns tasks into list items with checked', () => {
      const blocks = convert(
        '<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-uuid>u-1</ac:task-uuid><ac:task-status>complete</ac:task-status><ac:task-body>Ship it <ri:user ri:account-id="5b10"/></ac:task-body></ac:task>' +
          '<ac:task><ac:task-id>2</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body><span>Write docs</span>' +
          '<ac:task-list><ac:task><ac:task-id>3</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body>sub task</ac:task-body></ac:task></ac:task-list>' +
          '</ac:task-body></ac:task></ac:task-list>',
      );
      expect(blocks).toEqual([
        { kind: 'list_item', text: 'Ship it @user', depth: 0, ordered: false, checked: true },
        { kind: 'list_item', text: 'Write docs', depth: 0, ordered: false, checked: false },
        { kind: 'list_item', text: 'sub task', depth: 1, ordered: false, checked: false },
      ]);
    });
  });

  describe('tables', () => {
    it('emits one row per tr with header rows flagged', () => {
      const blocks = convert(
        '<table><colgroup><col/><col/></colgroup><tbody>' +
          '<tr><th><p>Name</p></th><th>Owner</th></tr>' +
          '<tr><td><p>API&nbsp;gateway</p></td><td><strong>Ops</strong> team</td></tr>' +
          '<tr><th>Total</th><td>2</td></tr>' +
          '<tr><td> </td><td></td></tr>' +
          '</tbody></table>',
      );
      expect(blocks).toEqual([
        { kind: 'table_row', cells: ['Name', 'Owner'], header: true },
        { kind: 'table_row', cells: ['API gateway', 'Ops team'] },
        { kind: 'table_row', cells: ['Total', '2'] },
      ]);
    });

    it('marks thead rows as headers and flattens lists and line breaks in cells', () => {
      const blocks = convert(
        '<table><thead><tr><td>Step</td><td>Detail</td></tr></thead><tbody>' +
          '<tr><td>1</td><td><ul><li>a</li><li>b</li></ul>x<br/>y</td></tr></tbody></table>',
      );
      expect(blocks).toEqual([
        { kind: 'table_row', cells: ['Step', 'Detail'], header: true },
        { kind: 'table_row', cells: ['1', 'a b x y'] },
      ]);
    });
    it('lays merged cells on the grid: a two-row header names each column, a tall cell each row', () => {
      const blocks = convert(
        '<table><tbody>' +
          '<tr><th colspan="2">Office</th><th rowspan="2">Floor</th></tr>' +
          '<tr><th>City</th><th>Site</th></tr>' +
          '<tr><td rowspan="2">Leeds</td><td>Wellington Place</td><td>3</td></tr>' +
          '<tr><td>Park Row</td><td>2</td></tr>' +
          '</tbody></table>',
      );
      expect(blocks).toEqual([
        { kind: 'table_row', cells: ['Office City', 'Office Site', 'Floor'], header: true },
        { kind: 'table_row', cells: ['Leeds', 'Wellington Place', '3'] },
        { kind: 'table_row', cells: ['Leeds', 'Park Row', '2'] },
      ]);
    });
  });

  describe('code', () => {
    it('keeps the code macro CDATA verbatim with its language', () => {
      const code = 'if a < b && c:\n    print("&amp; stays")\n\n  # end';
      const blocks = convert(
        `<p>before</p><ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="x"><ac:parameter ac:name="language">python</ac:parameter><ac:parameter ac:name="title">Example</ac:parameter><ac:plain-text-body><![CDATA[${code}]]></ac:plain-text-body></ac:structured-macro><p>after</p>`,
      );
      expect(blocks).toEqual([
        { kind: 'paragraph', text: 'before' },
        { kind: 'code', text: code, language: 'python' },
        { kind: 'paragraph', text: 'after' },
      ]);
    });

    it('renders a code macro without language, and noformat, as code', () => {
      expect(
        convert(
          '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[ls -la]]></ac:plain-text-body></ac:structured-macro>' +
            '<ac:structured-macro ac:name="noformat"><ac:plain-text-body><![CDATA[raw  text]]></ac:plain-text-body></ac:structured-macro>',
        ),
      ).toEqual([
        { kind: 'code', text: 'ls -la' },
        { kind: 'code', text: 'raw  text' },
      ]);
    });

    it('renders pre with entities decoded and line breaks kept', () => {
      expect(convert('<pre>\nx &lt; 1\n  y<br/>z\n</pre>')).toEqual([
        { kind: 'code', text: 'x < 1\n  y\nz' },
      ]);
    });

    it('splits a paragraph around a code macro inside it', () => {
      const blocks = convert(
        '<p>run <ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[make]]></ac:plain-text-body></ac:structured-macro> then wait</p>',
      );
      expect(blocks).toEqual([
        { kind: 'paragraph', text: 'run' },
        { kind: 'code', text: 'make' },
        { kind: 'paragraph', text: 'then wait' },
      ]);
    });
  });

  describe('panel macros', () => {
    it.each([
      ['info', 'Info'],
      ['note', 'Note'],
      ['warning', 'Warning'],
      ['tip', 'Tip'],
      ['panel', 'Panel'],
      ['expand', 'Expand'],
      ['excerpt', 'Excerpt'],
    ])('renders %s as a callout labelled %s', (macro, label) => {
      const blocks = convert(
        `<ac:structured-macro ac:name="${macro}"><ac:rich-text-body><p>Body <em>text</em></p><p>more</p></ac:rich-text-body></ac:structured-macro>`,
      );
      expect(blocks).toEqual([{ kind: 'callout', label, text: 'Body text\nmore' }]);
    });

    it('uses the title parameter as the label', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="warning"><ac:parameter ac:name="title">Do not restart</ac:parameter><ac:rich-text-body><p>Prod only.</p></ac:rich-text-body></ac:structured-macro>',
      );
      expect(blocks).toEqual([{ kind: 'callout', label: 'Do not restart', text: 'Prod only.' }]);
    });

    it('keeps structured content of a panel as blocks after a label marker', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="note"><ac:rich-text-body><ul><li>first</li><li>second</li></ul><p>closing words</p></ac:rich-text-body></ac:structured-macro>',
      );
      expect(blocks).toEqual([
        { kind: 'callout', text: 'Note' },
        { kind: 'list_item', text: 'first', depth: 0, ordered: false },
        { kind: 'list_item', text: 'second', depth: 0, ordered: false },
        { kind: 'callout', label: 'Note', text: 'closing words' },
      ]);
    });

    it('recurses into nested panels and expands', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">Details</ac:parameter><ac:rich-text-body>' +
          '<p>outer</p><ac:structured-macro ac:name="tip"><ac:rich-text-body><p>inner tip</p></ac:rich-text-body></ac:structured-macro>' +
          '</ac:rich-text-body></ac:structured-macro>',
      );
      expect(blocks).toEqual([
        { kind: 'callout', label: 'Details', text: 'outer' },
        { kind: 'callout', label: 'Tip', text: 'inner tip' },
      ]);
    });

    it('renders new-editor ADF panels once, ignoring their fallback copy', () => {
      const blocks = convert(
        '<ac:adf-extension><ac:adf-node type="panel"><ac:adf-attribute key="panel-type">note</ac:adf-attribute>' +
          '<ac:adf-content><p>ADF note</p></ac:adf-content></ac:adf-node>' +
          '<ac:adf-fallback><div class="panel"><p>ADF note</p></div></ac:adf-fallback></ac:adf-extension>',
      );
      expect(blocks).toEqual([{ kind: 'callout', label: 'Note', text: 'ADF note' }]);
    });

    it('renders ADF decision lists as list items', () => {
      const blocks = convert(
        '<ac:adf-extension><ac:adf-node type="decision-list">' +
          '<ac:adf-node type="decision-item"><ac:adf-attribute key="state">DECIDED</ac:adf-attribute><ac:adf-content>Use Postgres</ac:adf-content></ac:adf-node>' +
          '</ac:adf-node><ac:adf-fallback><ul><li>Use Postgres</li></ul></ac:adf-fallback></ac:adf-extension>',
      );
      expect(blocks).toEqual([
        { kind: 'list_item', text: 'Use Postgres', depth: 0, ordered: false, checked: true },
      ]);
    });
  });

  describe('other macros', () => {
    it('drops macros that have no body text', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="toc"><ac:parameter ac:name="maxLevel">3</ac:parameter></ac:structured-macro>' +
          '<ac:structured-macro ac:name="children"/>' +
          '<ac:structured-macro ac:name="jira"><ac:parameter ac:name="key">ABC-1</ac:parameter></ac:structured-macro>' +
          '<ac:structured-macro ac:name="recently-updated"/><p>kept</p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'kept' }]);
    });

    it('recurses into layout-like macros and keeps status titles inline', () => {
      const blocks = convert(
        '<ac:structured-macro ac:name="section"><ac:rich-text-body><ac:structured-macro ac:name="column"><ac:rich-text-body><p>col text</p></ac:rich-text-body></ac:structured-macro></ac:rich-text-body></ac:structured-macro>' +
          '<p>State: <ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">Green</ac:parameter><ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro> today</p>',
      );
      expect(blocks).toEqual([
        { kind: 'paragraph', text: 'col text' },
        { kind: 'paragraph', text: 'State: DONE today' },
      ]);
    });

    it('supports the legacy ac:macro element', () => {
      expect(
        convert(
          '<ac:macro ac:name="info"><ac:rich-text-body><p>legacy</p></ac:rich-text-body></ac:macro>',
        ),
      ).toEqual([{ kind: 'callout', label: 'Info', text: 'legacy' }]);
    });
  });

  describe('links, images, mentions', () => {
    it('uses the ac:link label, from plain or rich bodies', () => {
      const blocks = convert(
        '<p>See <ac:link><ri:page ri:content-title="Runbook"/><ac:plain-text-link-body><![CDATA[the runbook]]></ac:plain-text-link-body></ac:link>' +
          ' and <ac:link><ri:page ri:content-title="X"/><ac:link-body><strong>rich</strong> label</ac:link-body></ac:link>.</p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'See the runbook and rich label.' }]);
    });

    it('falls back to the target page title, attachment or space', () => {
      const blocks = convert(
        '<p><ac:link><ri:page ri:space-key="ENG" ri:content-title="Deploy &amp; rollback"/></ac:link>; ' +
          '<ac:link><ri:attachment ri:filename="spec.pdf"/></ac:link>; <ac:link><ri:space ri:space-key="OPS"/></ac:link></p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'Deploy & rollback; spec.pdf; OPS' }]);
    });

    it('renders user mentions as @user (or the DC user name)', () => {
      const blocks = convert(
        '<p>Ask <ac:link><ri:user ri:account-id="557058:abc"/></ac:link> or <ac:link><ri:user ri:username="jdoe"/></ac:link> or <ac:link><ri:user ri:userkey="8a7f"/></ac:link></p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'Ask @user or @jdoe or @user' }]);
    });

    it('renders images as [image: file]', () => {
      const blocks = convert(
        '<p><ac:image ac:height="250"><ri:attachment ri:filename="diagram.png"/></ac:image> ' +
          '<ac:image><ri:url ri:value="https://cdn.example.com/img/logo%20v2.svg?x=1"/></ac:image> ' +
          '<img src="/download/attachments/1/chart.jpg"/></p>',
      );
      expect(blocks).toEqual([
        { kind: 'paragraph', text: '[image: diagram.png] [image: logo v2.svg] [image: chart.jpg]' },
      ]);
    });

    it('drops emoticons and placeholders, keeps dates', () => {
      const blocks = convert(
        '<p><ac:placeholder>Type here</ac:placeholder>Great <ac:emoticon ac:name="smile"/> job, due <time datetime="2024-05-01"/></p>',
      );
      expect(blocks).toEqual([{ kind: 'paragraph', text: 'Great job, due 2024-05-01' }]);
    });
  });

  it('recurses through layouts', () => {
    const blocks = convert(
      '<ac:layout><ac:layout-section ac:type="two_equal"><ac:layout-cell><h2>Left</h2><p>left text</p></ac:layout-cell>' +
        '<ac:layout-cell><p>right text</p></ac:layout-cell></ac:layout-section></ac:layout>',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Left' },
      { kind: 'paragraph', text: 'left text' },
      { kind: 'paragraph', text: 'right text' },
    ]);
  });

  it('refuses absurdly deep nesting with a DocumentError instead of overflowing the stack', () => {
    expect(convert(`${'<div>'.repeat(300)}deep${'</div>'.repeat(300)}`)).toEqual([
      { kind: 'paragraph', text: 'deep' },
    ]);
    expect(() => convert(`${'<div>'.repeat(5_000)}x`)).toThrow(DocumentError);
  });

  it('is lenient with broken markup', () => {
    expect(convert('<p>unclosed <strong>bold<p>next</p><ul><li>x</ul></div>')).toEqual([
      { kind: 'paragraph', text: 'unclosed bold' },
      { kind: 'paragraph', text: 'next' },
      { kind: 'list_item', text: 'x', depth: 0, ordered: false },
    ]);
    expect(convert('')).toEqual([]);
  });

  it('converts a realistic mixed page', () => {
    const page = `<ac:layout><ac:layout-section ac:type="single"><ac:layout-cell>
<ac:structured-macro ac:name="toc" ac:schema-version="1" ac:macro-id="1"/>
<h1>Payments service runbook</h1>
<p>Owner: <ac:link><ri:user ri:account-id="5b10ac8d82e05b22cc7d4ef5"/></ac:link>&nbsp;&mdash; last reviewed <time datetime="2024-04-30"/>.</p>
<ac:structured-macro ac:name="info" ac:schema-version="1" ac:macro-id="2"><ac:parameter ac:name="title">On call</ac:parameter><ac:rich-text-body><p>Page the <strong>payments</strong> rota first.</p></ac:rich-text-body></ac:structured-macro>
<h2>Deploy</h2>
<ol><li>Merge to <code>main</code></li><li>Run the pipeline<ul><li>check the <ac:link><ri:page ri:content-title="Dashboards"/><ac:plain-text-link-body><![CDATA[dashboards]]></ac:plain-text-link-body></ac:link></li></ul></li></ol>
<ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="3"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[kubectl rollout status deploy/payments -n prod]]></ac:plain-text-body></ac:structured-macro>
<h2>Limits</h2>
<table><tbody><tr><th>Limit</th><th>Value</th></tr><tr><td>Requests/s</td><td>1&nbsp;000</td></tr></tbody></table>
<p><ac:image><ri:attachment ri:filename="architecture.png"/></ac:image></p>
<ac:task-list><ac:task><ac:task-id>9</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body>Rotate keys</ac:task-body></ac:task></ac:task-list>
</ac:layout-cell></ac:layout-section></ac:layout>`;
    expect(convert(page)).toEqual([
      { kind: 'heading', level: 1, text: 'Payments service runbook' },
      { kind: 'paragraph', text: 'Owner: @user — last reviewed 2024-04-30.' },
      { kind: 'callout', label: 'On call', text: 'Page the payments rota first.' },
      { kind: 'heading', level: 2, text: 'Deploy' },
      { kind: 'list_item', text: 'Merge to main', depth: 0, ordered: true },
      { kind: 'list_item', text: 'Run the pipeline', depth: 0, ordered: true },
      { kind: 'list_item', text: 'check the dashboards', depth: 1, ordered: false },
      { kind: 'code', text: 'kubectl rollout status deploy/payments -n prod', language: 'bash' },
      { kind: 'heading', level: 2, text: 'Limits' },
      { kind: 'table_row', cells: ['Limit', 'Value'], header: true },
      { kind: 'table_row', cells: ['Requests/s', '1 000'] },
      { kind: 'paragraph', text: '[image: architecture.png]' },
      { kind: 'list_item', text: 'Rotate keys', depth: 0, ordered: false, checked: false },
    ]);
  });
});
