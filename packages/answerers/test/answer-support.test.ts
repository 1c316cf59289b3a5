import {
  absentHyphenedNames,
  absentOptions,
  askedAnswerCheck,
  carryNames,
  commonNames,
  evidenceWeights,
  holdsSubjects,
  identifiersOf,
  namesAnotherIdentifier,
  questionSubjects,
  unheldAbbreviations,
  unheldCapitalPhrases,
  unheldYears,
} from '../src/answer-support';
import { analyseQuestion } from '../src/question-analysis';
import { stemTerm } from '../src/term-stem';

const analysed = (question: string) => analyseQuestion(question, question);
/** Rarity per stem: the rarer, the higher. */
const rarity = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([word, idf]) => [stemTerm(word), idf]));
/** The subjects of `question`, with no word misspelt and no name common. */
const subjectsOf = (question: string, rarities: Record<string, number>) =>
  questionSubjects(analysed(question), rarity(rarities), new Set(), new Set());

/** A sentence's words as the support rule reads them: its own, as stems, with no context. */
function sentence(text: string) {
  const terms = new Set(
    text
      .toLowerCase()
      .match(/\p{L}+|\d+/gu)!
      .map(stemTerm),
  );
  return { terms, context: new Set<string>(), block: terms, passageIndex: 0 };
}

describe('questionSubjects', () => {
  it('requires the names and the rarest word that names a thing', () => {
    expect(
      subjectsOf('Which port does billing listen on?', { port: 1.2, billing: 2.5, listen: 3 })
        .required,
    ).toEqual([stemTerm('billing')]);
  });

  it('never takes the verb that ends an inverted question for its subject', () => {
    // "surrender" is read as a noun, and is the rarest word: it is the question's verb.
    const { required } = subjectsOf('How many points did the Panthers defense surrender?', {
      points: 1.5,
      panthers: 1.8,
      defense: 2,
      surrender: 4,
    });
    expect(required).toContain(stemTerm('panthers'));
    expect(required).toContain(stemTerm('defense'));
    expect(required).not.toContain(stemTerm('surrender'));
  });

  it('never takes the word that ends a "how" phrase for a subject', () => {
    const { required } = subjectsOf('How far back does the Plover console show runs?', {
      plover: 3,
      back: 4,
      console: 2,
      runs: 1,
    });
    expect(required).toEqual([stemTerm('plover')]);
  });
});

describe('holdsSubjects', () => {
  it('takes no document named by its code for support of what is asked of it', () => {
    const question = 'Which encryption algorithm does NIST SP 800-145 require?';
    const subjects = subjectsOf(question, { encryption: 3, algorithm: 2.5, nist: 1, '145': 4 });
    // The title page of "NIST SP 800-145": its name holds the code, its address nothing asked.
    const title = new Set(['nist', 'sp', '800', '145', 'definition', 'cloud', 'computing']);
    const address = sentence('Gaithersburg, MD 20899-8930 September 2011');
    expect(holdsSubjects(address, subjects, title)).toBe(false);
    // Nor when the sentence writes the code itself.
    const changes = sentence('The following changes have been incorporated into SP 800-145.');
    expect(holdsSubjects(changes, subjects, title)).toBe(false);
    const stating = sentence('Data at rest is encrypted with the AES-256 encryption algorithm.');
    expect(holdsSubjects(stating, subjects, title)).toBe(true);
    // A question naming its document otherwise than by a code is supported by it as before.
    const plain = subjectsOf('Which team won Super Bowl 50?', { team: 1, super: 2, bowl: 3 });
    const bowl = new Set(['super', 'bowl', '50'].map(stemTerm));
    expect(holdsSubjects(sentence('The Broncos defeated the Panthers'), plain, bowl)).toBe(true);
  });

  it('takes no document named by an acronym and a number ("RFC 793") for support', () => {
    const question = 'What is the default TCP keepalive interval in RFC 793?';
    const subjects = subjectsOf(question, {
      default: 1,
      tcp: 2,
      keepalive: 5,
      interval: 3,
      rfc: 2,
      '793': 4,
    });
    const title = new Set(['rfc793', 'transmission', 'control', 'protocol'].map(stemTerm));
    // The header block of the RFC writes its number and the acronym, nothing asked.
    const header = sentence('RFC: 793 Replaces: RFC 761 IENs: 129, 124, 112');
    expect(holdsSubjects(header, subjects, title)).toBe(false);
    const stating = sentence('The TCP keepalive interval defaults to two hours in RFC 793.');
    expect(holdsSubjects(stating, subjects, title)).toBe(true);
  });

  it('takes most of the things the question names in place of its rarest word', () => {
    const subjects = subjectsOf('Under normal conditions, what do two atoms of oxygen form?', {
      conditions: 4,
      two: 1,
      atoms: 2.5,
      oxygen: 2,
    });
    expect(subjects.rarest).toBe(stemTerm('conditions'));
    const answer = sentence('At standard temperature and pressure, two atoms of the element bind');
    expect(holdsSubjects(answer, subjects, new Set([stemTerm('oxygen')]))).toBe(true);
    // Without its page's name the sentence holds too little of the question.
    expect(holdsSubjects(sentence('Two teams met at the stadium'), subjects, new Set())).toBe(
      false,
    );
  });

  it("never lets one shared word stand for the question's thing, nor anything stand for a name", () => {
    const billing = subjectsOf('Which port does billing listen on?', {
      port: 1.2,
      billing: 2.5,
      listen: 3,
    });
    expect(
      holdsSubjects(sentence('Heron listens on TCP port 9120 by default'), billing, new Set()),
    ).toBe(false);
    const plover = subjectsOf('Which port does Plover use for its scheduler queue?', {
      port: 1,
      plover: 5,
      scheduler: 2,
      queue: 2,
    });
    expect(plover.rarest).toBeUndefined();
    // A word saying which of several things is meant stays required.
    const staging = subjectsOf('Which port does the staging read replica listen on?', {
      port: 1,
      staging: 3,
      read: 1.5,
      replica: 2,
    });
    expect(staging.rarest).toBeUndefined();
    expect(
      holdsSubjects(
        sentence('The analytics read replica is at replica-ro.db.internal on port 5433'),
        staging,
        new Set(),
      ),
    ).toBe(false);
    // A question holding a word the collection lacks keeps its rarest word required.
    const lacking = questionSubjects(
      analysed('What is the sovereignty band of the digital receivers?'),
      rarity({ sovereignty: 6, band: 2, digital: 1.5, receivers: 1.8 }),
      new Set([stemTerm('sovereignty')]),
      new Set(),
    );
    expect(lacking.rarest).toBeUndefined();
    expect(
      holdsSubjects(sentence('The scheduler queue of Heron uses port 7000'), plover, new Set()),
    ).toBe(false);
  });
});

describe('questionSubjects of a question quoting code', () => {
  it("requires none of the asker's own names in the statement it quotes", () => {
    const { required } = subjectsOf(
      'ALTER TABLE users DROP COLUMN email errors out; is that expected?',
      { users: 5, email: 6, drop: 3, column: 2, table: 1, errors: 2, expected: 2 },
    );
    expect(required).toContain(stemTerm('drop'));
    expect(required).not.toContain(stemTerm('email'));
    expect(required).not.toContain(stemTerm('users'));
  });
});

describe('questionSubjects of a situation told before the question', () => {
  it('takes the rarest word from the sentence asking', () => {
    const { required } = subjectsOf(
      'I run three views with recursion on, each with its own cache. How much memory can each cache take?',
      { run: 2, three: 5, views: 2, recursion: 3, cache: 1, memory: 2.5, take: 1 },
    );
    expect(required).toEqual([stemTerm('memory')]);
  });
});

describe('commonNames', () => {
  const question = analysed('Do I have to run PRAGMA journal_mode=WAL every time Heron starts?');
  const counts = (chunks: number, byWord: Record<string, number>) => ({
    chunks,
    byWord: new Map(Object.entries(byWord)),
  });

  it('holds a name half the chunks hold, or hundreds and a twentieth of a large collection', () => {
    expect([...commonNames(question, counts(100, { heron: 60, pragma: 4 }))]).toEqual([
      stemTerm('heron'),
    ]);
    expect([
      ...commonNames(question, counts(11_000, { pragma: 1_226, wal: 503, heron: 40 })),
    ]).toEqual([stemTerm('pragma')]);
  });

  it("holds no name of a small collection's few chunks, nor one of a large one's rare ones", () => {
    expect([...commonNames(question, counts(77, { heron: 5, pragma: 12 }))]).toEqual([]);
    expect([...commonNames(question, counts(5_000, { heron: 165 }))]).toEqual([]);
  });
});

describe('questionSubjects of a name describing the thing asked for', () => {
  it('does not require a name that describes the kind of thing asked for', () => {
    const subjects = subjectsOf('With what European country did the Huguenots feel kinship?', {
      european: 2,
      country: 1,
      huguenots: 3,
      kinship: 4,
    });
    expect(subjects.required).not.toContain(stemTerm('european'));
    expect(subjects.required).toContain(stemTerm('huguenots'));
  });

  it('still requires a name that is the thing asked about', () => {
    const subjects = subjectsOf('Which port does the Billing service use?', {
      port: 1,
      billing: 3,
      service: 1,
    });
    expect(subjects.required).toContain(stemTerm('billing'));
    const printer = subjectsOf("What is the Lisbon printer's IP address?", {
      lisbon: 3,
      printer: 2,
      ip: 2,
      address: 1,
    });
    expect(printer.required).toContain(stemTerm('lisbon'));
    const setting = subjectsOf('What is the default clone.timeout?', { clone: 2, timeout: 3 });
    expect(setting.required).toEqual(
      expect.arrayContaining([stemTerm('clone'), stemTerm('timeout')]),
    );
  });
});

describe('holdsSubjects with a name the question describes its thing by', () => {
  it('counts the name among the words a sentence restates in place of the rarest', () => {
    const subjects = subjectsOf('Which Jira label escalates a ticket to engineering?', {
      jira: 2,
      label: 1,
      ticket: 3,
      engineering: 2,
    });
    expect(subjects.required).not.toContain(stemTerm('jira'));
    const sentence = (text: string) => {
      const terms = new Set(
        text
          .toLowerCase()
          .match(/\p{L}+/gu)!
          .map(stemTerm),
      );
      return { terms, context: new Set<string>(), block: terms, passageIndex: 0 };
    };
    expect(
      holdsSubjects(
        sentence('Escalate to engineering with the Jira label support-escalation.'),
        subjects,
        new Set(),
      ),
    ).toBe(true);
    // One of them alone is not enough.
    expect(holdsSubjects(sentence('Jira labels are lower case.'), subjects, new Set())).toBe(false);
  });
});

describe('carryNames', () => {
  const unit = (position: number, text: string) => {
    const sequence = text
      .toLowerCase()
      .match(/\p{L}+|\d+/gu)!
      .map(stemTerm);
    const terms = new Set(sequence);
    return {
      position,
      text,
      sequence,
      terms,
      context: new Set<string>(),
      block: terms,
      passageIndex: 0,
    } as Parameters<typeof carryNames>[0][number];
  };
  const names = new Set([stemTerm('dagster')]);

  it('gives a sentence naming a thing by its kind the name the sentence before gave it', () => {
    const before = unit(0, 'Install the dependencies with uv, then start the Dagster UI:');
    const after = unit(1, 'The local UI listens on port 3070.');
    carryNames([before, after], names);
    expect(after.carried).toEqual(new Set([stemTerm('dagster')]));
    const subjects = subjectsOf('Which port does the local Dagster UI use?', {
      port: 1,
      local: 1,
      dagster: 4,
      ui: 2,
    });
    expect(holdsSubjects(after, subjects, new Set())).toBe(true);
  });

  it('gives none to a sentence about something else, or one not right after', () => {
    const before = unit(0, 'Start the Dagster UI:');
    const other = unit(1, 'The warehouse listens on port 5432.');
    const later = unit(2, 'The local UI listens on port 3070.');
    carryNames([before, other, later], names);
    expect(other.carried).toBeUndefined();
    expect(later.carried).toBeUndefined();
    const bare = unit(1, 'A local UI listens on port 3070.');
    carryNames([before, bare], names);
    expect(bare.carried).toBeUndefined();
  });
});

describe('askedAnswerCheck', () => {
  const cell = (key: string, column: string, value: string) => ({
    text: `${key} — ${column}: ${value}`,
    unit: { block: 0, cell: { key, column, value } },
    passageIndex: 0,
    held: new Set<string>(),
    cue: 0,
  });

  it('reads a cell as its column and row: the column must be what is asked', () => {
    const office = cell('Team Atlas', 'Office', 'Lisbon');
    expect(askedAnswerCheck(analysed('Which Slack channel does Team Atlas use?'))(office)).toBe(
      false,
    );
    expect(askedAnswerCheck(analysed('Which office is Team Atlas in?'))(office)).toBe(true);
    // "Owner" says "who owns"; "Fired when" does not.
    const owner = cell('report_viewed', 'Owner', 'Team Atlas');
    expect(askedAnswerCheck(analysed('Who owns report_viewed?'))(owner)).toBe(true);
    const fired = cell('report_viewed', 'Fired when', 'A user opens a report');
    expect(askedAnswerCheck(analysed('Who owns report_viewed?'), [fired, owner])(fired)).toBe(
      false,
    );
  });

  it('takes a column the question does not name when it names no kind of thing and no column of the row says it', () => {
    const schedule = cell('ingest-orders', 'Schedule', 'hourly at minute 5');
    expect(askedAnswerCheck(analysed('How often does ingest-orders run?'))(schedule)).toBe(true);
    const threshold = cell(
      'OspreyQueueBacklog',
      'Threshold',
      'More than 2 million queued messages for 10 minutes',
    );
    const severity = cell('OspreyQueueBacklog', 'Severity', 'P2');
    const fires = analysed('When does the OspreyQueueBacklog alert fire?');
    expect(askedAnswerCheck(fires, [threshold, severity])(threshold)).toBe(true);
  });

  it("wants the row of the thing asked about, or the row the question's value names", () => {
    const high = cell('High', 'First reply', '4 hours');
    expect(
      askedAnswerCheck(analysed('What is the first reply target for low priority tickets?'))(high),
    ).toBe(false);
    expect(
      askedAnswerCheck(analysed('What is the first reply target for high priority tickets?'))(high),
    ).toBe(true);
    const wren = cell('Wren', 'Port', '7301');
    expect(askedAnswerCheck(analysed('Which service listens on port 7301?'))(wren)).toBe(true);
    const uk = cell('United Kingdom', 'Pound sterling', '£33');
    expect(askedAnswerCheck(analysed('What is the meal allowance in the UK in pounds?'))(uk)).toBe(
      true,
    );
  });

  it('wants the action of a "who" question said by a sentence that names no one', () => {
    const sentence = (text: string, cue: number) => ({
      text,
      unit: { block: 0 },
      passageIndex: 0,
      held: new Set(
        text
          .toLowerCase()
          .match(/\p{L}+|\d+/gu)!
          .map(stemTerm),
      ),
      cue,
    });
    const question = analysed('Who approves discounts above 15 percent?');
    expect(
      askedAnswerCheck(question)(
        sentence('Annual billing gives a 15 percent discount on every plan.', 0),
      ),
    ).toBe(false);
    expect(
      askedAnswerCheck(question)(sentence('Your manager approves discounts up to 15 percent.', 0)),
    ).toBe(true);
    // "Doctor Who" is a name, not the question's "who".
    expect(
      askedAnswerCheck(
        analysed('How many respondents considered Doctor Who very unsuitable for family viewing?'),
      )(sentence('Of those asked, 14 percent found the show very unsuitable for children.', 0)),
    ).toBe(true);
    // Naming someone, a sentence may say the action otherwise.
    expect(
      askedAnswerCheck(question)(
        sentence('Sales director Ana Ruiz signs off larger discounts.', 1),
      ),
    ).toBe(true);
  });
  it('wants a name for "what is the name of…" and an amount for "how long / many / much"', () => {
    const sentence = (text: string) => ({
      text,
      unit: { block: 0 },
      passageIndex: 0,
      held: new Set(
        text
          .toLowerCase()
          .match(/\p{L}+|\d+/gu)!
          .map(stemTerm),
      ),
      cue: 0,
    });
    const officer = analysed('What is the name of our data protection officer?');
    expect(
      askedAnswerCheck(officer)(
        sentence(
          'Security incidents must be reported to the data protection officer within 24 hours.',
        ),
      ),
    ).toBe(false);
    expect(askedAnswerCheck(officer)(sentence('Our data protection officer is Marta Reis.'))).toBe(
      true,
    );
    const review = analysed('How long does Google Play review take?');
    expect(
      askedAnswerCheck(review)(
        sentence('Submit the build to TestFlight and to Google Play internal testing.'),
      ),
    ).toBe(false);
    expect(askedAnswerCheck(review)(sentence('Google Play review usually takes two days.'))).toBe(
      true,
    );
    // An amount said in words, and a name written as an identifier, count.
    expect(askedAnswerCheck(review)(sentence('Google Play review usually takes a week.'))).toBe(
      true,
    );
    expect(
      askedAnswerCheck(analysed('What is the name of the config file?'))(
        sentence('The config file is docent.yaml in the working directory.'),
      ),
    ).toBe(true);
    // A question asking yes or no asks no amount, whatever it says of one.
    expect(
      askedAnswerCheck(analysed('Does mod_cache_disk cap how much disk space the cache uses?'))(
        sentence('The mod_cache_disk module makes no attempt to regulate the disk space used.'),
      ),
    ).toBe(true);
    // Other questions are as before.
    expect(
      askedAnswerCheck(analysed('Where do we submit the build?'))(
        sentence('Submit the build to TestFlight and to Google Play internal testing.'),
      ),
    ).toBe(true);
  });
});

describe('absentOptions', () => {
  const page = (text: string) => ({
    id: 'p',
    docName: 'git-clone',
    pageNum: 1,
    text,
    headings: '',
    score: 1,
    similarity: 0.5,
  });

  it('names the long options no passage holds whole, though each word is there', () => {
    const passages = [
      page('--[no-]single-branch\nClone only the history leading to the tip of a single branch.'),
      page('--depth <depth>\nCreate a shallow clone. Tags are fetched as usual.'),
    ];
    expect(absentOptions('What does git clone --shallow-tags do?', passages)).toEqual([
      'shallow-tags',
    ]);
    expect(absentOptions('What does git clone --single-branch do?', passages)).toEqual([]);
    expect(absentOptions('What does --no-single-branch do?', passages)).toEqual([]);
    expect(absentOptions('What does --no-shallow-tags do?', passages)).toEqual(['no-shallow-tags']);
    expect(absentOptions('How deep does --depth clone?', passages)).toEqual([]);
    expect(absentOptions('How do I clone a single branch?', passages)).toEqual([]);
  });

  it('reads options with underscores, typographic dashes and hyphens as written', () => {
    const passages = [
      page('--max_tokens <n>\nThe most tokens to generate.'),
      page('\u2010\u2010dry\u2011run\nShow what would be done.'),
    ];
    expect(absentOptions('What does --max_tokens do?', passages)).toEqual([]);
    expect(absentOptions('What does --max_tokens_total do?', passages)).toEqual([
      'max_tokens_total',
    ]);
    expect(absentOptions('What does --dry-run do?', passages)).toEqual([]);
    expect(absentOptions('What does \u2013dry-run do?', passages)).toEqual([]);
    expect(absentOptions('What does \u2013shallow-tags do?', passages)).toEqual(['shallow-tags']);
  });
});

describe('holdsSubjects and the sentences before it in its section', () => {
  const words = (text: string) => sentence(text).terms;

  it('lets the section say the rarest thing the question names', () => {
    const subjects = subjectsOf('What is the resolution target for a normal ticket?', {
      resolution: 1,
      target: 1,
      normal: 2,
      ticket: 3,
    });
    const row = sentence('Normal — Resolution target: 5 business days');
    expect(holdsSubjects(row, subjects, new Set())).toBe(false);
    const before = words('Tickets are answered in the order they arrive.');
    expect(holdsSubjects(row, subjects, new Set(), new Set(), before)).toBe(true);
  });

  it('never lets it say a name or a number', () => {
    const named = subjectsOf('Which port does Plover listen on?', { port: 1, plover: 5 });
    const line = sentence('It listens on port 7301.');
    expect(holdsSubjects(line, named, new Set(), new Set(), words('Plover runs jobs.'))).toBe(
      false,
    );
    const numbered = subjectsOf('When does release train R-18 depart?', {
      release: 1,
      train: 1,
      '18': 4,
    });
    const train = sentence('Release train R-17 departs on 12 March.');
    expect(
      holdsSubjects(train, numbered, new Set(), new Set(), words('R-18 is planned for May.')),
    ).toBe(false);
  });
});

describe('unheldCapitalPhrases', () => {
  const locking = [
    {
      id: 'locking',
      docName: '13.3. Explicit Locking',
      pageNum: 1,
      text: 'SHARE UPDATE EXCLUSIVE: Conflicts with the ROW EXCLUSIVE, SHARE UPDATE EXCLUSIVE, SHARE ROW EXCLUSIVE and ACCESS EXCLUSIVE lock modes.',
      headings: 'Table-Level Locks',
      score: 1,
    },
  ];

  it('finds a phrase in capitals no passage writes, though each of its words is there', () => {
    const unheld = (question: string) => unheldCapitalPhrases(question, locking);
    expect(unheld('Which lock modes conflict with the ROW UPDATE EXCLUSIVE lock?')).toEqual([
      'ROW UPDATE EXCLUSIVE',
    ]);
    expect(unheld('Which lock modes conflict with SHARE UPDATE EXCLUSIVE?')).toEqual([]);
    // Two words may be an acronym and a name; a question in capitals throughout is shouting.
    expect(unheld('What does ROW SHARE conflict with?')).toEqual([]);
    expect(unheld('WHICH LOCK MODES CONFLICT WITH ROW UPDATE EXCLUSIVE?')).toEqual([]);
  });
});

describe('unheldAbbreviations', () => {
  const passage = (text: string, docName = 'page') => ({
    id: docName,
    docName,
    pageNum: 1,
    text,
    headings: '',
    score: 1,
  });

  it('finds a two-letter abbreviation no passage writes or spells out', () => {
    const game = [passage('Josh Norman intercepted two passes and scored a touchdown in 2015.')];
    expect(unheldAbbreviations("How many interceptions did the UN's team score?", game)).toEqual([
      'UN',
    ]);
    expect(unheldAbbreviations('How many partners does the LP have?', game)).toEqual(['LP']);
  });

  it('takes it as held when written, dotted, spelt out or in a file name', () => {
    const question = 'What is the meal allowance in the UK?';
    expect(unheldAbbreviations(question, [passage('UK: £33 a day.')])).toEqual([]);
    expect(unheldAbbreviations(question, [passage('In the U.K. it is £33.')])).toEqual([]);
    expect(unheldAbbreviations(question, [passage('United Kingdom — £33')])).toEqual([]);
    expect(
      unheldAbbreviations('Who wrote the DoD guide?', [passage('Department of Defense')]),
    ).toEqual([]);
    expect(
      unheldAbbreviations('Which layer is the PE in?', [passage('Policy engine', 'pe-guide.md')]),
    ).toEqual([]);
  });

  it('leaves documents named by a number and abbreviations written otherwise alone', () => {
    const cloud = [passage('Special Publication 800-145 defines cloud computing.', 'nist.pdf')];
    expect(unheldAbbreviations('What does NIST SP 800-145 define?', cloud)).toEqual([]);
    expect(unheldAbbreviations('Which ID does the TV use?', cloud)).toEqual([]);
  });
});

describe('unheldYears', () => {
  const passage = (text: string) => ({
    id: 'p',
    docName: 'Super Bowl 50',
    pageNum: 1,
    text,
    headings: '',
    score: 1,
  });
  const game = [passage('Denver had 11 first downs in the 2016 game, to 21 for Carolina.')];

  it('finds a year the question names that no passage holds', () => {
    expect(unheldYears('How many first downs did Denver have for 1950?', game)).toEqual(['1950']);
  });

  it('takes years the passages hold, and no number that is not a year', () => {
    expect(unheldYears('How many first downs did Denver have in 2016?', game)).toEqual([]);
    expect(unheldYears('Who won Super Bowl 50?', game)).toEqual([]);
    expect(unheldYears('Which team gained 1,950 yards?', game)).toEqual([]);
  });
});

describe('namesAnotherIdentifier', () => {
  const asked = identifiersOf('What pickle protocol does Python 3.11 use by default?');

  it("counts another release of the question's family as another thing", () => {
    expect(namesAnotherIdentifier('Python 3.4 uses protocol 3 by default.', asked)).toBe(true);
    expect(namesAnotherIdentifier('Python 3.11 uses protocol 4 by default.', asked)).toBe(false);
  });

  it('does not count a version named as the time something came', () => {
    expect(
      namesAnotherIdentifier(
        'Currently the default protocol is 4, first introduced in Python 3.4 and incompatible with previous versions.',
        asked,
      ),
    ).toBe(false);
    expect(namesAnotherIdentifier('The option exists since version 3.2.', asked)).toBe(false);
  });
});

describe('absentHyphenedNames', () => {
  const passages = [
    {
      id: 'p1',
      docName: 'Configuration Reference',
      headings: 'Options',
      text: 'max-cache-ttl sets the longest time a record is cached; see also max-ncache-ttl.',
      pageNum: 1,
      score: 1,
    },
  ];
  const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('names a setting no chunk writes whose family the passages write', () => {
    expect(
      absentHyphenedNames(
        "What's the default value of max-negative-ttl?",
        passages,
        counts({ 'max-negative-ttl': 0, max: 40, negative: 9, ttl: 30 }),
      ),
    ).toEqual(['max-negative-ttl']);
  });

  it('names none the collection writes, nor an English word', () => {
    expect(
      absentHyphenedNames(
        'What does max-cache-ttl do to a brand-new cache?',
        passages,
        counts({ 'max-cache-ttl': 3, 'brand-new': 0 }),
      ),
    ).toEqual([]);
    // A prefix's compound, though the passages write a name ending alike.
    expect(
      absentHyphenedNames(
        'Are all the over-ttl responses dropped?',
        passages,
        counts({ 'over-ttl': 0 }),
      ),
    ).toEqual([]);
  });
});

describe('evidenceWeights', () => {
  it('leaves out the values a question supplies that the collection lacks, halves the situation told', () => {
    const question = analysed(
      'My ACL allows 10.0.0.0/8 and excludes one host. Why does that host get through?',
    );
    const weights = evidenceWeights(question, new Set([stemTerm('10.0.0.0')]));
    expect(weights.has(stemTerm('10.0.0.0'))).toBe(false);
    // A value the collection holds is evidence, as the situation's other words.
    expect(evidenceWeights(question, new Set()).get(stemTerm('10.0.0.0'))).toBe(0.5);
    expect(weights.get(stemTerm('acl'))).toBe(0.5);
    expect(weights.get(stemTerm('host'))).toBe(1);
  });
});
