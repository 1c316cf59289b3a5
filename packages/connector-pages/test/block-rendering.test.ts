import { type BlockNode, renderBlockTree } from '../src';

let nextId = 0;
function node(
  type: string,
  payload: Record<string, unknown> = {},
  children: BlockNode[] = [],
): BlockNode {
  nextId += 1;
  return {
    block: { id: `block-${nextId}`, type, hasChildren: children.length > 0, payload },
    children,
  };
}

const rich = (...parts: string[]) => parts.map((plain_text) => ({ plain_text }));
const text = (...parts: string[]) => ({ rich_text: rich(...parts) });
const noTitles = () => undefined;
const listItem = (text: string, depth: number, marks: Record<string, boolean> = {}) => ({
  kind: 'list_item',
  text,
  depth,
  ...marks,
});

describe('renderBlockTree', () => {
  it('keeps heading levels, list depth, numbering and checkboxes', () => {
    const blocks = renderBlockTree(
      [
        node('heading_1', text('Title')),
        node('heading_2', text('Section')),
        node('heading_3', text('Sub')),
        node('heading_4', text('Deep')),
        node('bulleted_list_item', text('One'), [
          node('bulleted_list_item', text('One.A'), [node('numbered_list_item', text('Step'))]),
        ]),
        node('numbered_list_item', text('First')),
        node('to_do', { ...text('Done'), checked: true }),
        node('to_do', { ...text('Open'), checked: false }, [node('to_do', text('Sub-task'))]),
      ],
      noTitles,
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'heading', level: 2, text: 'Section' },
      { kind: 'heading', level: 3, text: 'Sub' },
      { kind: 'heading', level: 4, text: 'Deep' },
      listItem('One', 0),
      listItem('One.A', 1),
      listItem('Step', 2, { ordered: true }),
      listItem('First', 0, { ordered: true }),
      listItem('Done', 0, { checked: true }),
      listItem('Open', 0, { checked: false }),
      listItem('Sub-task', 1, { checked: false }),
    ]);
  });

  it('nests toggle content one level deeper and reads toggleable headings as sections', () => {
    const blocks = renderBlockTree(
      [
        node('toggle', text('Outer'), [
          node('toggle', text('Inner'), [node('paragraph', text('Answer'))]),
        ]),
        node('heading_2', { ...text('FAQ'), is_toggleable: true }, [
          node('paragraph', text('Q and A')),
        ]),
      ],
      noTitles,
    );
    expect(blocks).toEqual([
      { kind: 'list_item', text: 'Outer', depth: 0 },
      { kind: 'list_item', text: 'Inner', depth: 1 },
      { kind: 'paragraph', text: 'Answer' },
      { kind: 'heading', level: 2, text: 'FAQ' },
      { kind: 'paragraph', text: 'Q and A' },
    ]);
  });

  it('joins rich text runs (links and mentions read as their plain text)', () => {
    expect(
      renderBlockTree([node('paragraph', text('Ask ', '@Ada', ' on ', 'Slack', '.'))], noTitles),
    ).toEqual([{ kind: 'paragraph', text: 'Ask @Ada on Slack.' }]);
  });

  it('labels callouts with their emoji, else "Callout", and their running text too', () => {
    const blocks = renderBlockTree(
      [
        node('callout', { ...text('Careful'), icon: { type: 'emoji', emoji: '⚠️' } }, [
          node('paragraph', text('Backups first')),
          node('bulleted_list_item', text('Then restore')),
        ]),
        node('callout', { ...text('Plain'), icon: { type: 'external', external: { url: 'x' } } }),
      ],
      noTitles,
    );
    expect(blocks).toEqual([
      { kind: 'callout', label: '⚠️', text: 'Careful' },
      { kind: 'callout', label: '⚠️', text: 'Backups first' },
      { kind: 'list_item', text: 'Then restore', depth: 0 },
      { kind: 'callout', label: 'Callout', text: 'Plain' },
    ]);
  });

  it('renders code with its language and caption, quotes, equations', () => {
    expect(
      renderBlockTree(
        [
          node('code', {
            ...text('const a = 1;\n  return a;'),
            language: 'typescript',
            caption: rich('Example'),
          }),
          node('quote', text('Be kind')),
          node('equation', { expression: 'a^2 + b^2 = c^2' }),
        ],
        noTitles,
      ),
    ).toEqual([
      { kind: 'code', text: 'const a = 1;\n  return a;', language: 'typescript' },
      { kind: 'paragraph', text: 'Example' },
      { kind: 'quote', text: 'Be kind' },
      { kind: 'paragraph', text: 'a^2 + b^2 = c^2' },
    ]);
  });

  it('renders tables row by row, the first row a header only when the table says so', () => {
    const row = (...cells: string[]) => node('table_row', { cells: cells.map((c) => rich(c)) });
    const blocks = renderBlockTree(
      [
        node('table', { table_width: 2, has_column_header: true }, [
          row('Name', 'Role'),
          row('Ada', 'Dev'),
        ]),
        node('table', { table_width: 2, has_column_header: false }, [row('x', 'y')]),
      ],
      noTitles,
    );
    expect(blocks).toEqual([
      { kind: 'table_row', cells: ['Name', 'Role'], header: true },
      { kind: 'table_row', cells: ['Ada', 'Dev'] },
      { kind: 'table_row', cells: ['x', 'y'] },
    ]);
  });

  it('looks through columns and synced blocks', () => {
    expect(
      renderBlockTree(
        [
          node('column_list', {}, [
            node('column', {}, [node('paragraph', text('Left'))]),
            node('column', {}, [node('paragraph', text('Right'))]),
          ]),
          node('synced_block', { synced_from: { type: 'block_id', block_id: 'x' } }, [
            node('paragraph', text('Synced')),
          ]),
        ],
        noTitles,
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Left' },
      { kind: 'paragraph', text: 'Right' },
      { kind: 'paragraph', text: 'Synced' },
    ]);
  });

  it('keeps URLs, captions, child titles and known link targets; skips what has no text', () => {
    const titles = (id: string) => (id === 'known-page' ? 'Known page' : undefined);
    const blocks = renderBlockTree(
      [
        node('bookmark', { url: 'https://a.example', caption: rich('Docs') }),
        node('embed', { url: 'https://b.example', caption: [] }),
        node('link_preview', { url: 'https://c.example' }),
        node('image', { caption: rich('Diagram'), type: 'file', file: { url: 'https://s3/x' } }),
        node('file', { caption: [], name: 'report.pdf', type: 'file' }),
        node('video', { caption: [], type: 'external', external: { url: 'https://v' } }),
        node('child_page', { title: 'Sub page' }),
        node('child_database', { title: 'Tasks' }),
        node('link_to_page', { type: 'page_id', page_id: 'known-page' }),
        node('link_to_page', { type: 'page_id', page_id: 'unknown-page' }),
        node('divider'),
        node('breadcrumb'),
        node('table_of_contents', { color: 'default' }),
        node('unsupported', { block_type: 'button' }),
        node('paragraph', text('   ')),
      ],
      titles,
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Docs: https://a.example' },
      { kind: 'paragraph', text: 'https://b.example' },
      { kind: 'paragraph', text: 'https://c.example' },
      { kind: 'paragraph', text: 'Diagram' },
      { kind: 'paragraph', text: 'report.pdf' },
      { kind: 'paragraph', text: 'Sub page' },
      { kind: 'paragraph', text: 'Tasks' },
      { kind: 'paragraph', text: 'Known page' },
    ]);
  });

  it('keeps the text and children of block types newer than this code', () => {
    expect(
      renderBlockTree(
        [node('meeting_notes', text('Weekly sync'), [node('paragraph', text('Decisions'))])],
        noTitles,
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Weekly sync' },
      { kind: 'paragraph', text: 'Decisions' },
    ]);
  });
});
