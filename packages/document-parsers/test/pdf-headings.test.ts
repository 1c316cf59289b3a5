import { PdfHeadingRules } from '../src/formats/pdf/pdf-headings';
import { type PdfLine } from '../src/formats/pdf/pdf-lines';
import { type PdfParagraph } from '../src/formats/pdf/pdf-paragraphs';

const BODY = 11;
const line = (text: string): PdfLine => ({
  text,
  angle: 0,
  across: 700,
  start: 72,
  end: 72 + 5 * text.length,
  size: BODY,
  tabular: false,
});
const paragraph = (...texts: string[]): PdfParagraph => ({
  lines: texts.map(line),
  size: BODY,
  bullet: false,
});

describe('headings set at body size in a PDF', () => {
  const body = paragraph(
    'Incident handling scenarios provide an inexpensive and effective way to build incident',
    'response skills and identify potential issues with incident response processes.',
  );
  const rules = new PdfHeadingRules([body]);

  it('reads an appendix title as a top-level part, like a numbered chapter', () => {
    // Read as body text, an appendix's sections ("A.2 Scenarios") were filed under the last
    // numbered chapter ("4. Coordination and Information Sharing").
    expect(rules.levelOf(paragraph('Appendix A—Incident Handling Scenarios'))).toBe(1);
    expect(
      rules.levelOf(paragraph('Appendix B. Protocol Data Structures and Constant Values')),
    ).toBe(1);
    expect(rules.levelOf(paragraph('APPENDIX C'))).toBe(1);
    expect(rules.levelOf(paragraph('4. Coordination and Information Sharing'))).toBe(1);
    expect(rules.levelOf(paragraph('A.2 Scenarios'))).toBe(2);
  });

  it('leaves sentences about appendices as body text', () => {
    expect(
      rules.levelOf(paragraph('Appendix A contains incident response scenarios')),
    ).toBeUndefined();
    expect(
      rules.levelOf(paragraph('Appendix B provides lists of suggested data fields')),
    ).toBeUndefined();
    expect(rules.levelOf(body)).toBeUndefined();
  });
});
