import { propertyBlocks } from '../src/page-properties';
import { parsePage } from '../src/notion-objects';

describe('database row properties', () => {
  it('renders readable properties as "Name: value" lines, skipping the title and empty values', () => {
    const page = parsePage({
      object: 'page',
      id: '01234567-89ab-cdef-0123-456789abcdef',
      last_edited_time: '2024-05-01T10:00:00.000Z',
      properties: {
        Name: { type: 'title', title: [{ plain_text: 'Fix login' }] },
        Status: { type: 'status', status: { name: 'In progress' } },
        Priority: { type: 'select', select: { name: 'High' } },
        Tags: { type: 'multi_select', multi_select: [{ name: 'auth' }, { name: 'web' }] },
        Estimate: { type: 'number', number: 3 },
        Blocked: { type: 'checkbox', checkbox: false },
        Due: { type: 'date', date: { start: '2024-06-01', end: '2024-06-03' } },
        Owner: { type: 'people', people: [{ object: 'user', name: 'Ada' }] },
        Notes: { type: 'rich_text', rich_text: [{ plain_text: 'See ' }, { plain_text: 'ticket' }] },
        Link: { type: 'url', url: 'https://x.example' },
        Score: { type: 'formula', formula: { type: 'number', number: 7 } },
        Ticket: { type: 'unique_id', unique_id: { prefix: 'ENG', number: 42 } },
        Empty: { type: 'rich_text', rich_text: [] },
        Nothing: { type: 'select', select: null },
        Related: { type: 'relation', relation: [{ id: 'x' }] },
        Edited: { type: 'last_edited_time', last_edited_time: '2024-05-01T10:00:00.000Z' },
      },
    });
    expect(page.title).toBe('Fix login');
    expect(
      propertyBlocks(page).map((block) => (block.kind === 'paragraph' ? block.text : '')),
    ).toEqual([
      'Status: In progress',
      'Priority: High',
      'Tags: auth, web',
      'Estimate: 3',
      'Blocked: No',
      'Due: 2024-06-01 to 2024-06-03',
      'Owner: Ada',
      'Notes: See ticket',
      'Link: https://x.example',
      'Score: 7',
      'Ticket: ENG-42',
    ]);
  });
});
