import { DOT_LEADER_LINE } from '../src/formats/pdf/pdf-contents';
import { textPdfOf } from '@docent/test-support';
import { createFileParser, type DocumentFileParser } from '../src';
import { blockText, fileOf } from './support/corpus';

describe('a dot-leader line that is not a contents entry in a typed PDF', () => {
  let parse: DocumentFileParser;
  beforeAll(() => {
    parse = createFileParser();
  });
  afterAll(() => parse.close());

  it('keeps its line break: a price list row does not run into the next row', async () => {
    // Two full-width rows of one paragraph (the writer wraps at 88 characters), each a leader
    // then a value that is no page label.
    const first = `Registration fee for members of the association ${'.'.repeat(34)} $250`;
    const second = `Late registration fee for members and guests ${'.'.repeat(29)} $300`;
    const text = `${first} ${second}`;
    const document = await parse(fileOf(textPdfOf([[{ kind: 'paragraph', text }]]), 'fees.pdf'));
    const texts = document.pages.flatMap((page) => page.blocks.map(blockText));
    expect(texts.join('\n')).toContain(`${first}\n${second}`);
  });
});

describe('what reads as a dot-leader row', () => {
  it('is a leader of four or more dots (or spaced dots) then a short value, not an ellipsis', () => {
    expect(DOT_LEADER_LINE.test('Registration fee ........ $250')).toBe(true);
    expect(DOT_LEADER_LINE.test('Name . . . . ____')).toBe(true);
    expect(DOT_LEADER_LINE.test('the list goes on... and')).toBe(false);
  });
});
