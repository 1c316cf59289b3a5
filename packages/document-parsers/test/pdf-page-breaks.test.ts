import { type ParsedDocument } from '@docent/document-model';
import { textPdfOf } from '@docent/test-support';
import { createFileParser, type DocumentFileParser } from '../src';
import { blockText, fileOf } from './support/corpus';

describe('a sentence cut by a page break in a typed PDF', () => {
  let parse: DocumentFileParser;
  beforeAll(() => {
    parse = createFileParser();
  });
  afterAll(() => parse.close());

  const parsePdf = (pages: Parameters<typeof textPdfOf>[0]): Promise<ParsedDocument> =>
    parse(fileOf(textPdfOf(pages), 'report.pdf'));

  it('moves the whole sentence to the page it starts on, not stopping at "Fig. 3"', async () => {
    const opening =
      'The checksum also covers a pseudo header of ninety six bits that is conceptually';
    const document = await parsePdf([
      [{ kind: 'paragraph', text: opening }],
      [
        {
          kind: 'paragraph',
          text: 'prefixed to the header, as Fig. 3 shows for each segment. Retransmission is next.',
        },
      ],
    ]);
    const [first, second] = document.pages;
    expect(first?.blocks.map(blockText)).toEqual([
      `${opening} prefixed to the header, as Fig. 3 shows for each segment.`,
    ]);
    expect(second?.blocks.map(blockText)).toEqual(['Retransmission is next.']);
  });
});
