import { withoutContentsEntries } from '../src/formats/pdf/pdf-contents';
import { type PdfLine } from '../src/formats/pdf/pdf-lines';
import { type PdfParagraph } from '../src/formats/pdf/pdf-paragraphs';

const line = (text: string, across: number): PdfLine => ({
  text,
  angle: 0,
  across,
  start: 72,
  end: 72 + 5 * text.length,
  size: 11,
  tabular: false,
});
const paragraph = (...texts: string[]): PdfParagraph => ({
  lines: texts.map((text, i) => line(text, 700 - 14 * i)),
  size: 11,
  bullet: false,
});

describe('table-of-contents entries in a PDF', () => {
  it('drops a paragraph of entries whatever their page labels: numbers, roman, appendix pages', () => {
    expect(
      withoutContentsEntries(paragraph('Executive Summary ........ iv', '1. Introduction . . . 1')),
    ).toBeUndefined();
    // Appendices number their pages per appendix; those entries are navigation too.
    expect(
      withoutContentsEntries(
        paragraph('Appendix A— Acronyms ............ A-1', 'Appendix B— Resources ....... B-12'),
      ),
    ).toBeUndefined();
    // A long title leaves its leader one dot (SP 800-207's contents, p. 7).
    expect(
      withoutContentsEntries(
        paragraph('3.1.3 ZTA Using Network Infrastructure and Software Defined Perimeters . 12'),
      ),
    ).toBeUndefined();
  });

  it('keeps prose, and the prose lines of a paragraph with one entry in it', () => {
    const prose = paragraph(
      'The record layer fragments information blocks.',
      'The threshold is set to .5 by default, and the step to 0.25',
    );
    expect(withoutContentsEntries(prose)).toBe(prose);
    const mixed = withoutContentsEntries(
      paragraph('See the appendix for the', 'list of acronyms used.', 'Appendix A ........ A-1'),
    );
    expect(mixed?.lines.map((l) => l.text)).toEqual([
      'See the appendix for the',
      'list of acronyms used.',
    ]);
  });
});
