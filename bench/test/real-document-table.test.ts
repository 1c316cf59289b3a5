import {
  formatRealDocumentTable,
  realDocumentLines,
  shorten,
} from '../src/quality/real-document-table';
import type { RealDocumentResult } from '../src/quality/real-documents';

function result(overrides: Partial<RealDocumentResult>): RealDocumentResult {
  return {
    set: 'pdf',
    file: 'nist-csf.pdf',
    question: 'What are the four Implementation Tiers?',
    gold: 'Partial, Risk Informed, Repeatable and Adaptive',
    evidencePages: [12],
    answer: 'The four tiers are Partial, Risk Informed, Repeatable and Adaptive.',
    found: true,
    top: { file: 'nist-csf.pdf', page: 12 },
    fileFirst: true,
    pageFirst: true,
    pageInTop5: true,
    holdsFact: true,
    ...overrides,
  };
}

describe('the per-question table of the real-document suite', () => {
  it('names the expected pages and the first ref’s page, with its file only when it is another', () => {
    const [right, other, none] = realDocumentLines([
      result({ evidencePages: [12, 13] }),
      result({
        top: { file: 'sp800-218.pdf', page: 4 },
        fileFirst: false,
        pageFirst: false,
        pageInTop5: false,
        holdsFact: false,
      }),
      result({ top: null, found: false, answer: 'I could not find an answer.', holdsFact: false }),
    ]);
    expect(right).toMatchObject({ expected: 'p. 12, 13', first: 'p. 12', pageFirst: true });
    expect(other).toMatchObject({
      first: 'sp800-218.pdf p. 4',
      pageFirst: false,
      holdsFact: false,
    });
    expect(none).toMatchObject({ first: '-', answer: '(not found)' });
  });

  it('prints one aligned line per question, marking misses and shortening long answers', () => {
    const lines = formatRealDocumentTable(
      [
        result({}),
        result({
          question: 'In what month and year was SP 800-218 published?',
          file: 'sp800-218.pdf',
          evidencePages: [1],
          top: { file: 'sp800-218.pdf', page: 3 },
          pageFirst: false,
          holdsFact: false,
          answer: 'word '.repeat(40),
        }),
      ],
      { file: 20, question: 30, answer: 25 },
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^#\s+file\s+question\s+expected\s+first ref\s+page 1st\s+top 5\s+fact\s+answer$/,
    );
    const columns = (line: string) => line.split(/\s{2,}/);
    expect(columns(lines[2]!).slice(3, 8)).toEqual(['p. 12', 'p. 12', 'yes', 'yes', 'yes']);
    expect(columns(lines[3]!).slice(3, 8)).toEqual(['p. 1', 'p. 3', 'NO', 'yes', 'NO']);
    expect(columns(lines[3]!)[2]).toBe('In what month and year was SP…');
    expect(columns(lines[3]!)[8]!.length).toBe(25);
    // Every column starts at the same place on every line.
    expect(lines[2]!.indexOf('p. 12')).toBe(lines[3]!.indexOf('p. 1'));
  });

  it('shortens to a character limit, flattening whitespace and trimming before the ellipsis', () => {
    expect(shorten('a  short\ntext', 20)).toBe('a short text');
    expect(shorten('abcd efgh', 6)).toBe('abcd…');
  });
});
