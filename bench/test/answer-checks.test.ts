import { answerFaults, type SourceMarkup } from '../src/answers/answer-cleanliness';
import {
  codePointSlice,
  holdsPhrase,
  highlightHoldsSentence,
  holdsSentence,
  locateSentence,
} from '../src/answers/answer-text';
import { shortAnswerScores } from '../src/answers/answer-verdicts';
import { exactMatch, f1 } from '../src/metrics/squad-metrics';

const markup: SourceMarkup = {
  titles: ['Ownership', 'Where is the new office?', 'Pager'],
  headings: ['Network', 'Restarting a node'],
  codeLines: ['kestrel flags list --env staging', 'fi'],
};

const expected = (
  sentence: string,
  extra: Partial<{ allowedTokens: string[]; otherFacts: string[] }> = {},
) => ({
  sentence,
  allowedTokens: extra.allowedTokens ?? [],
  otherFacts: extra.otherFacts ?? [],
});

describe('answer cleanliness', () => {
  const port = expected('Kestrel listens on TCP port 8470 for HTTP traffic.', {
    otherFacts: ['9310'],
  });

  it('finds nothing wrong with the expected sentence alone', () => {
    expect(
      answerFaults('Kestrel listens on TCP port 8470 for HTTP traffic.', port, markup),
    ).toEqual([]);
  });

  it('counts each kind of markup and glued text on its own', () => {
    const cases: Array<[string, string[]]> = [
      ['- Kestrel listens on TCP port 8470 for HTTP traffic.', ['list_marker']],
      ['2. Kestrel listens on TCP port 8470 for HTTP traffic.', ['list_marker']],
      ['[ ] Kestrel listens on TCP port 8470 for HTTP traffic.', ['task_marker']],
      ['> Kestrel listens on TCP port 8470 for HTTP traffic.', ['quote_marker']],
      [
        '- Ownership Kestrel listens on TCP port 8470 for HTTP traffic.',
        ['list_marker', 'title_glued'],
      ],
      ['Setting | Kestrel listens on TCP port 8470 for HTTP traffic.', ['table_pipe']],
      ['Ownership: Kestrel listens on TCP port 8470 for HTTP traffic.', ['title_glued']],
      ['Network: Kestrel listens on TCP port 8470 for HTTP traffic.', ['title_glued']],
      ['💡 Kestrel listens on TCP port 8470 for HTTP traffic.', ['callout_emoji']],
      [
        'Kestrel listens on TCP port 8470 for HTTP traffic. kestrel flags list --env staging',
        ['code_line', 'extra_text'],
      ],
      ['Kestrel listens on TCP port 8470 for HTTP traffic (not 9310).', ['other_fact']],
      [
        'Kestrel listens on TCP port 8470 for HTTP traffic. Its gRPC API listens on port 8471.',
        ['extra_text'],
      ],
    ];
    for (const [answer, faults] of cases) {
      expect({ answer, faults: answerFaults(answer, port, markup) }).toEqual({ answer, faults });
    }
  });

  it('does not mistake prose for markup', () => {
    const sentence = expected('Note that the restore drill takes about 40 minutes, not 20 - 30.');
    expect(
      answerFaults(
        'Note that the restore drill takes about 40 minutes, not 20 - 30.',
        sentence,
        markup,
      ),
    ).toEqual([]);
    // A heading word inside a sentence, a short code line ("fi") inside a word.
    const network = expected('The network team configures the firewall.');
    expect(answerFaults('The network team configures the firewall.', network, markup)).toEqual([]);
  });

  it('lets a table row bring its header and cells, nothing more', () => {
    const row = expected('Wren, Port: 7301', {
      allowedTokens: [
        'service',
        'purpose',
        'port',
        'owner',
        'tier',
        'wren',
        'renders',
        'invoices',
        'and',
        'reports',
        'as',
        'pdf',
        '7301',
        'team',
        'atlas',
        '2',
      ],
    });
    expect(answerFaults('Service: Wren; Port: 7301; Owner: Team Atlas', row, markup)).toEqual([]);
    expect(answerFaults('Wren | 7301', row, markup)).toEqual(['table_pipe']);
    expect(
      answerFaults('Wren, Port: 7301. Dunlin, Port: 7302, generates thumbnails.', row, markup),
    ).toEqual(['extra_text']);
  });
});

describe('finding the expected sentence', () => {
  it('needs a sentence in a row, case and punctuation aside', () => {
    const gold = 'Release train R-17 departs on 17 February 2025.';
    expect(holdsSentence('release train R-17 departs on 17 February 2025', gold, 'task')).toBe(
      true,
    );
    expect(holdsSentence('Release train R-17 departs on 3 February 2025.', gold, 'task')).toBe(
      false,
    );
    expect(
      locateSentence('- [ ] Release train R-17 departs on 17 February 2025.', gold, 'task'),
    ).toEqual({
      start: 0,
      end: 9,
    });
  });

  it('takes a row or a term in any layout, its words in order', () => {
    const gold = 'Weekend day, Leeds (GBP): £80';
    expect(holdsSentence('Weekend day | €90 | £80', gold, 'table_row')).toBe(false);
    expect(holdsSentence('Weekend day: Lisbon (EUR) €90; Leeds (GBP) £80', gold, 'table_row')).toBe(
      true,
    );
    expect(holdsSentence('Period: Weekend day, Leeds (GBP): £80', gold, 'table_row')).toBe(true);
    expect(holdsSentence('Leeds (GBP): £80, Weekend day', gold, 'table_row')).toBe(false);
    expect(
      holdsSentence(
        '-a, --all: This option is only valid for push and save commands. All ignored and untracked files are also stashed and then cleaned up with git clean.',
        '-a, --all: All ignored and untracked files are also stashed and then cleaned up with git clean.',
        'definition',
      ),
    ).toBe(true);
  });

  it('matches facts as whole tokens', () => {
    expect(holdsPhrase('Kestrel listens on port 8470.', '8470')).toBe(true);
    expect(holdsPhrase('Kestrel listens on port 84701.', '8470')).toBe(false);
    expect(holdsPhrase('Team Atlas owns it.', 'team atlas')).toBe(true);
  });

  it("asks a table row's highlight for the row's cells, not for its header's words", () => {
    const header = ['service', 'owner', 'port'];
    const row = 'Wren | Team Atlas | 7301';
    expect(highlightHoldsSentence(row, 'Wren Port 7301', 'table_row', header)).toBe(true);
    // The cells are still asked for: another row, or another column's value, is not it.
    expect(
      highlightHoldsSentence('Kite | Team Atlas | 7302', 'Wren Port 7301', 'table_row', header),
    ).toBe(false);
    expect(highlightHoldsSentence('Wren | Team Atlas', 'Wren Port 7301', 'table_row', header)).toBe(
      false,
    );
    // A sentence's words are all asked for, headers or not.
    expect(
      highlightHoldsSentence(
        'Wren listens on 7301.',
        'Wren listens on port 7301.',
        'paragraph',
        header,
      ),
    ).toBe(false);
  });

  it('reads highlights in code points', () => {
    expect(codePointSlice('🚧 Dates may move.', 2, 7)).toBe('Dates');
  });
});

describe('short answers, SQuAD-style', () => {
  it('normalises case, punctuation and articles before comparing', () => {
    expect(exactMatch('The fourth floor', ['the fourth floor'])).toBe(1);
    expect(exactMatch('fourth floor.', ['the fourth floor'])).toBe(1);
    expect(exactMatch('4th floor', ['the fourth floor'])).toBe(0);
  });

  it('gives token F1 for partial spans', () => {
    expect(f1('8470', ['8470'])).toBe(1);
    expect(f1('port 8470', ['8470'])).toBeCloseTo(2 / 3);
    expect(f1('every 30 seconds', ['30 seconds'])).toBeCloseTo(0.8);
    expect(f1('9310', ['8470'])).toBe(0);
  });

  it('scores a span of punctuation alone as written, and no span when none is asked', () => {
    expect(shortAnswerScores(null, '#')).toEqual({ shortExact: 0, shortF1: 0 });
    expect(shortAnswerScores('#', '#')).toEqual({ shortExact: 1, shortF1: 1 });
    expect(shortAnswerScores('8470', null)).toEqual({ shortExact: null, shortF1: null });
    expect(shortAnswerScores(null, '8470')).toEqual({ shortExact: 0, shortF1: 0 });
  });
});
