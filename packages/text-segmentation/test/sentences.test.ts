import { splitSentences } from '../src';

describe('splitSentences', () => {
  it('splits plain sentences on . ! and ?', () => {
    expect(splitSentences('It works. Does it? Yes! Done.')).toEqual([
      'It works.',
      'Does it?',
      'Yes!',
      'Done.',
    ]);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n\t \n ')).toEqual([]);
  });

  it('keeps text without final punctuation as a sentence', () => {
    expect(splitSentences('First one. and a trailing fragment')).toEqual([
      'First one. and a trailing fragment',
    ]);
    expect(splitSentences('First one. Trailing fragment')).toEqual([
      'First one.',
      'Trailing fragment',
    ]);
  });

  it.each([
    ['Use a tool, e.g. Docker. It is fast.', ['Use a tool, e.g. Docker.', 'It is fast.']],
    ['Pick one, i.e. The best one. Then go.', ['Pick one, i.e. The best one.', 'Then go.']],
    ['Mr. Smith met Dr. Jones. They talked.', ['Mr. Smith met Dr. Jones.', 'They talked.']],
    ['We went to St. Louis. It rained.', ['We went to St. Louis.', 'It rained.']],
    ['Tigers vs. Lions was close. We lost.', ['Tigers vs. Lions was close.', 'We lost.']],
    ['See No. 5 in the list. Thanks.', ['See No. 5 in the list.', 'Thanks.']],
    ['See Fig. 3 for details. Next.', ['See Fig. 3 for details.', 'Next.']],
    ['Prof. Ada Lovelace wrote it.', ['Prof. Ada Lovelace wrote it.']],
  ])('does not break after an abbreviation: %s', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  it('ends a sentence at "etc." only before a capitalised word', () => {
    expect(splitSentences('Bring pens, paper, etc. and a laptop.')).toEqual([
      'Bring pens, paper, etc. and a laptop.',
    ]);
    expect(splitSentences('Bring pens, paper, etc. The rest is provided.')).toEqual([
      'Bring pens, paper, etc.',
      'The rest is provided.',
    ]);
  });

  it('handles dotted acronyms: whole before a name, split before a sentence opener', () => {
    expect(splitSentences('The U.S. Army built it. It is old.')).toEqual([
      'The U.S. Army built it.',
      'It is old.',
    ]);
    expect(splitSentences('The office is in the U.S. The team is remote.')).toEqual([
      'The office is in the U.S.',
      'The team is remote.',
    ]);
    expect(splitSentences('We meet at 9 a.m. every day.')).toEqual([
      'We meet at 9 a.m. every day.',
    ]);
  });

  it('keeps initials with the name', () => {
    expect(splitSentences('J. R. R. Tolkien wrote it. Read it.')).toEqual([
      'J. R. R. Tolkien wrote it.',
      'Read it.',
    ]);
    expect(splitSentences('Ask J. A. Smith today.')).toEqual(['Ask J. A. Smith today.']);
    expect(splitSentences('We chose plan B. The other plan failed.')).toEqual([
      'We chose plan B.',
      'The other plan failed.',
    ]);
  });

  it('does not break inside decimals, versions, URLs or e-mail addresses', () => {
    expect(
      splitSentences(
        'Pi is 3.14 roughly. Upgrade to v1.2.3 now. See https://example.com/a.b?x=1. Mail ops@example.co.uk. Done.',
      ),
    ).toEqual([
      'Pi is 3.14 roughly.',
      'Upgrade to v1.2.3 now.',
      'See https://example.com/a.b?x=1.',
      'Mail ops@example.co.uk.',
      'Done.',
    ]);
  });

  it('treats an ellipsis as a pause unless a capitalised word follows', () => {
    expect(splitSentences('The results were... surprising. Really.')).toEqual([
      'The results were... surprising.',
      'Really.',
    ]);
    expect(splitSentences('He waited… Then he left.')).toEqual(['He waited…', 'Then he left.']);
  });

  it('keeps closing quotes and brackets with the sentence they end', () => {
    expect(splitSentences('He said "Stop." Then he left.')).toEqual([
      'He said "Stop."',
      'Then he left.',
    ]);
    expect(splitSentences('It failed (see the log.) We retried.')).toEqual([
      'It failed (see the log.)',
      'We retried.',
    ]);
    expect(splitSentences('"Why?" she asked. "Because."')).toEqual([
      '"Why?" she asked.',
      '"Because."',
    ]);
    expect(splitSentences('It ended. (A new one began.) Fine.')).toEqual([
      'It ended.',
      '(A new one began.)',
      'Fine.',
    ]);
  });

  it('keeps a list enumerator with its item', () => {
    expect(splitSentences('1. **Authorize.** Open the page.\n2. Exchange the code.')).toEqual([
      '1. **Authorize.**',
      'Open the page.',
      '2. Exchange the code.',
    ]);
    expect(splitSentences('b. Second option. It is slower.')).toEqual([
      'b. Second option.',
      'It is slower.',
    ]);
  });

  it('does not break before a lower-case word', () => {
    expect(splitSentences('The approx. value is small.')).toEqual(['The approx. value is small.']);
    expect(splitSentences('Call the ext. number later.')).toEqual(['Call the ext. number later.']);
  });

  it('joins soft-wrapped lines and keeps them verbatim', () => {
    expect(
      splitSentences('This sentence is wrapped over\ntwo lines of text. The next one\nis too.'),
    ).toEqual(['This sentence is wrapped over\ntwo lines of text.', 'The next one\nis too.']);
  });

  it('breaks at blank lines, list items, headings, quotes and table rows', () => {
    const text = [
      '# Install',
      'Run the installer',
      'then restart',
      '',
      'Steps to follow',
      '- download the file',
      '- open it',
      '1. first step',
      '2) second step',
      '> quoted line',
      '| a | b |',
      'after the table',
    ].join('\n');
    expect(splitSentences(text)).toEqual([
      '# Install',
      'Run the installer\nthen restart',
      'Steps to follow',
      '- download the file',
      '- open it',
      '1. first step',
      '2) second step',
      '> quoted line',
      '| a | b |\nafter the table',
    ]);
  });

  it('breaks after a short title line followed by a capitalised line', () => {
    expect(splitSentences('Overview\nDocent indexes wikis. It answers questions.')).toEqual([
      'Overview',
      'Docent indexes wikis.',
      'It answers questions.',
    ]);
    expect(splitSentences('- apples\nThat is all.')).toEqual(['- apples', 'That is all.']);
  });

  it("keeps a name with the label lines under it (NIST SP 800-61r2's title page)", () => {
    // An author's affiliation has no sentence of its own: cut after the name, neither part
    // said which organisation Tom Millar was with.
    const block =
      'Tom Millar\nUnited States Computer Emergency Readiness Team National Cyber Security Division Department of Homeland Security';
    expect(splitSentences(block)).toEqual([block]);
    expect(
      splitSentences(
        'Paul Cichonski\nComputer Security Division\nInformation Technology Laboratory National Institute of Standards and Technology Gaithersburg, MD',
      ),
    ).toHaveLength(1);
    // A title over prose still stands alone.
    expect(splitSentences('Overview\nDocent indexes wikis\nand answers questions.')).toEqual([
      'Overview',
      'Docent indexes wikis\nand answers questions.',
    ]);
  });

  it("keeps a citation's run of abbreviations in one sentence (NIST SP 800-207, p. 3)", () => {
    expect(
      splitSentences(
        'National Institute of Standards and Technology Special Publication 800-207 Natl. Inst. Stand. Technol. Spec. Publ. 800-207, 59 pages (August 2020)',
      ),
    ).toHaveLength(1);
    expect(splitSentences('See Proc. Natl. Acad. Sci. 102, 3. It holds.')).toEqual([
      'See Proc. Natl. Acad. Sci. 102, 3.',
      'It holds.',
    ]);
    // One capitalised word ending a sentence is not a run.
    expect(splitSentences('They moved to Paris. The office opened.')).toHaveLength(2);
    expect(splitSentences('Ask Bob. Then ask Alice.')).toHaveLength(2);
  });

  it('does not treat a long wrapped line as a title', () => {
    const text =
      'The ingestion worker reads every page of the space and then writes\nDocent chunks to the index.';
    expect(splitSentences(text)).toEqual([text]);
  });

  it('keeps a run-in term at a line start with the sentence that defines it', () => {
    // NIST SP 800-145, p. 6: split after "service.", the definition no longer names its term.
    const text =
      'Rapid elasticity. Capabilities can be elastically provisioned and released.\n' +
      'Measured service. Cloud systems automatically control resource use. Usage is reported.\n' +
      'Software as a Service (SaaS). The capability provided to the consumer is to use apps.';
    expect(splitSentences(text)).toEqual([
      'Rapid elasticity. Capabilities can be elastically provisioned and released.',
      'Measured service. Cloud systems automatically control resource use.',
      'Usage is reported.',
      'Software as a Service (SaaS). The capability provided to the consumer is to use apps.',
    ]);
    // A short sentence is not a term: it starts with a stopword, sits mid-line or ends the line.
    expect(splitSentences('It works. Then we ship.')).toEqual(['It works.', 'Then we ship.']);
    expect(splitSentences('We ship today. Measured service. Cloud systems meter.')).toEqual([
      'We ship today.',
      'Measured service.',
      'Cloud systems meter.',
    ]);
    expect(splitSentences('Measured service.\nCloud systems meter.')).toEqual([
      'Measured service.',
      'Cloud systems meter.',
    ]);
  });

  it('keeps a term run on into the line before with its definition, inside a list of them', () => {
    // NIST SP 800-145, p. 7, as its PDF extracts: two terms open lines, two more run on.
    const text =
      'Private cloud. The cloud infrastructure is provisioned for a single organization.\n' +
      'Community cloud. The cloud infrastructure is provisioned for a community. It may be ' +
      'managed by a third party. Public cloud. The cloud infrastructure is provisioned for ' +
      'open use. Hybrid cloud. The cloud infrastructure is a composition of two or more clouds.';
    expect(splitSentences(text)).toEqual([
      'Private cloud. The cloud infrastructure is provisioned for a single organization.',
      'Community cloud. The cloud infrastructure is provisioned for a community.',
      'It may be managed by a third party.',
      'Public cloud. The cloud infrastructure is provisioned for open use.',
      'Hybrid cloud. The cloud infrastructure is a composition of two or more clouds.',
    ]);
    // A short clause or a pointer inside such a list is no term: it says something.
    expect(
      splitSentences(
        'Private cloud. Used by one organization. Costs vary. Public cloud. Used by anyone.\n' +
          'Hybrid cloud. A mix of both. See Figure 2. Community cloud. Shared by a community.',
      ),
    ).toEqual([
      'Private cloud. Used by one organization.',
      'Costs vary.',
      'Public cloud. Used by anyone.',
      'Hybrid cloud. A mix of both.',
      'See Figure 2.',
      'Community cloud. Shared by a community.',
    ]);
    // Outside such a list a short sentence stays one, and so does a clause inside the list.
    expect(splitSentences('We ship today. Measured service. Cloud systems meter.')).toHaveLength(3);
    expect(
      splitSentences(
        'Private cloud. Used by one organization.\nPublic cloud. Used by anyone. It is cheap. Be careful.',
      ),
    ).toEqual([
      'Private cloud. Used by one organization.',
      'Public cloud. Used by anyone.',
      'It is cheap.',
      'Be careful.',
    ]);
  });

  it('handles CRLF line endings', () => {
    expect(splitSentences('One.\r\n\r\nTwo.\r\n- three')).toEqual(['One.', 'Two.', '- three']);
  });

  it('returns trimmed substrings that cover all non-blank text, in order', () => {
    const pieces = [
      'Dr. Who arrived at 3.30 p.m. on Jan. 5.',
      'Was it v2.0?',
      'Nobody knows...',
      '"Maybe," said J. Doe.',
      'See www.example.org/x.html!',
      '- list item',
      '',
      'Tail text without a period',
    ];
    const text = pieces.join('\n');
    const sentences = splitSentences(text);
    let cursor = 0;
    for (const sentence of sentences) {
      expect(sentence).toBe(sentence.trim());
      const at = text.indexOf(sentence, cursor);
      expect(at).toBeGreaterThanOrEqual(cursor);
      expect(text.slice(cursor, at).trim()).toBe('');
      cursor = at + sentence.length;
    }
    expect(text.slice(cursor).trim()).toBe('');
  });
});
