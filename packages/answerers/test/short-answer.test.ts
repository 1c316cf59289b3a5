import { contentWords } from '@docent/text-segmentation';
import { answerSpans, askedThing, shortAnswer, stemTerm } from '../src';

const short = (question: string, sentence: string) =>
  shortAnswer(question, sentence, { questionStems: new Set(contentWords(question).map(stemTerm)) });

describe('askedThing', () => {
  it.each([
    ['Which port does Heron listen on?', 'identifier', 'port'],
    ['How many days do I have to file expenses?', 'number', undefined],
    ['When does release train R-17 depart?', 'date', undefined],
    ['What time does the backup window start?', 'time', undefined],
    ['Who owns the billing service?', 'person', undefined],
    ['Where is the new office?', 'place', undefined],
    ['What is the default value of core.autocrlf?', 'value', undefined],
    ['Which tool do we use for canary releases?', 'thing', 'tool'],
    ['In what year did the Normans conquer England?', 'date', 'year'],
    ['What did Jim Gray cover?', 'thing', undefined],
    ['Resources are constrained by hierarchy theorems to produce what?', 'thing', undefined],
    ['What is the policy number of our travel insurance?', 'identifier', 'number'],
    ['Which error code does the importer return?', 'identifier', 'code'],
    ['What is the number of employees in Lisbon?', 'number', 'number'],
  ])('%j asks for a %s', (question, shape, focus) => {
    const asked = askedThing(question);
    expect(asked?.shape).toBe(shape);
    if (focus) expect(asked?.focus).toBe(focus);
  });

  it('asks for no span of a step of a procedure, but for the name of a phase', () => {
    expect(askedThing('What is the first step when restarting a Kestrel node?')).toBeNull();
    expect(askedThing('What is the next thing to do after a rollback?')).toBeNull();
    expect(askedThing('Which phase of incident response includes containment?')?.shape).toBe(
      'thing',
    );
  });

  it('takes a policy number or an error code for the identifier it is, not a count', () => {
    expect(
      short(
        'What is the policy number of our travel insurance?',
        'Company travel insurance covers every business trip automatically; the policy number is BW-TRV-2291.',
      ),
    ).toBe('BW-TRV-2291');
    for (const count of [
      'What was the total number of votes cast?',
      'What is the default number of retries?',
      'What is the recommended number of replicas?',
      'What is the minimum required number of approvals?',
    ]) {
      expect(askedThing(count)?.shape).not.toBe('identifier');
    }
  });

  it('reads the head noun a tagger found, and a number asked by its noun wherever it stands', () => {
    const q = 'What was the final score of the AFC Championship Game?';
    expect(askedThing(q)?.shape).toBe('thing');
    expect(askedThing(q, stemTerm('score'))).toEqual({ shape: 'number', focus: stemTerm('score') });
    expect(askedThing('What Florida stadium was considered?', 'stadium')?.focus).toBe('stadium');
    expect(askedThing('What was the number of times Denver played?')?.shape).toBe('number');
  });

  it('asks for a number by a limit, a size or a share wherever the noun stands', () => {
    expect(askedThing('What is the limit on uploads?')).toEqual({
      shape: 'number',
      focus: stemTerm('limit'),
    });
    expect(askedThing('What is the maximum of the scale?')?.shape).toBe('number');
    expect(askedThing('What size is the bucket?')?.shape).toBe('number');
  });

  it.each([
    'How do I restart the billing service?',
    'Why are deploys frozen on Fridays?',
    'Is the office open on Sundays?',
    'Can I bring a guest?',
    'What is a twin prime?',
    'What is Skylark?',
    'What does tenant mean?',
    'What happened to release train R-22?',
    'What do I do if I lose my YubiKey?',
    'What does Sandpiper do?',
    'What does ignore_errors do in shutil.rmtree()?',
    'What does the -R flag of pg_basebackup do to the data directory?',
  ])('%j asks for no single thing', (question) => {
    expect(askedThing(question)).toBeNull();
  });
});

describe('shortAnswer', () => {
  it.each([
    [
      'Which TCP port does Heron listen on by default?',
      'Heron listens on TCP port 9120 by default.',
      '9120',
    ],
    ['When does release train R-17 depart?', 'Release train R-17 departs on 12 March.', '12 March'],
    [
      'Within how many days must expense reports be filed?',
      'Expense reports must be filed within 30 days of the trip.',
      '30 days',
    ],
    [
      'Who owns the billing service?',
      'Team Falcon owns the billing service; escalations go to Priya Raman.',
      'Team Falcon',
    ],
    [
      'Which tool do we use for canary releases?',
      'Heron is the tool we use for canary releases.',
      'Heron',
    ],
    [
      'When does the nightly backup window start?',
      'Nightly backup window: The nightly backup window starts at 02:30 UTC.',
      '02:30 UTC',
    ],
    ['What is the default value of core.autocrlf?', 'The default is false.', 'false'],
    [
      'Which bucket holds the snapshots?',
      'Snapshots are kept for 14 days in the bucket acme-search-snapshots.',
      'acme-search-snapshots',
    ],
    [
      'How much is the meal allowance per day?',
      'Meals on business trips are reimbursed up to 45 euros per day.',
      'up to 45 euros',
    ],
    [
      'What was the name of the stadium where Super Bowl 50 was played?',
      "The game was played on February 7, 2016, at Levi's Stadium in the San Francisco Bay Area at Santa Clara, California.",
      "Levi's Stadium",
    ],
    // Not the span of the question's own words ("annual NFL Experience").
    [
      'In what venue did the NFL Experience take place?',
      'The annual NFL Experience was held at the Moscone Center in San Francisco.',
      'Moscone Center',
    ],
    // A named company rather than a description.
    [
      'What company won a free advertisement due to the QuickBooks contest?',
      'QuickBooks sponsored a "Small Business Big Game" contest, in which Death Wish Coffee had a 30-second commercial aired free of charge courtesy of QuickBooks.',
      'Death Wish Coffee',
    ],
    // A city is no number ("99.3" is the station's frequency).
    [
      'In what city is WBT-FM located?',
      'WBT will also simulcast the game on its sister station WBT-FM (99.3 FM), which is based in Chester, South Carolina.',
      'Chester, South Carolina',
    ],
    ['Which floor is the cafeteria on?', 'The cafeteria is on floor 4.', '4'],
    // A number with its scale word, and a range, are one number.
    [
      'How many species of insects are known in the region?',
      'The region is home to about 2.5 million insect species, and some 2,000 birds.',
      '2.5 million',
    ],
    [
      'How many people died in Algiers during 1620-21?',
      'Algiers lost 30 to 50 thousand inhabitants to the plague.',
      '30 to 50 thousand',
    ],
  ])('%j in %j is %j, verbatim', (question, sentence, expected) => {
    const answer = short(question, sentence);
    expect(answer).toBe(expected);
    expect(sentence).toContain(answer);
  });

  it("answers with the kind of thing the question's head noun asks for", () => {
    const q = 'What was the final score of the AFC Championship Game?';
    const sentence =
      'They then beat the New England Patriots in the AFC Championship Game, 20–18, by intercepting a pass.';
    const questionStems = new Set(contentWords(q).map(stemTerm));
    expect(shortAnswer(q, sentence, { questionStems, head: stemTerm('score') })).toBe('20–18');
  });

  it('answers "how often" with a period, and never with the digits of a code or a figure', () => {
    expect(
      short(
        'How often does incident response training have to be repeated under the FedRAMP Low baseline?',
        'IR-2 (c) [at least annually]',
      ),
    ).toBe('at least annually');
    expect(
      short(
        'What are the phases of the incident response life cycle?',
        'Figure 3-1 illustrates the incident response life cycle.',
      ),
    ).not.toBe('3-1');
    expect(
      short(
        'How many phases does the life cycle have?',
        'Figure 3-1 shows that the life cycle has four phases.',
      ),
    ).toBe('four phases');
  });

  it('reads "every four weeks" whole, a hex code as no number, and keeps what a number counts', () => {
    expect(
      short(
        'How often are the mobile apps released?',
        'The mobile apps are released every four weeks.',
      ),
    ).toBe('every four weeks');
    expect(
      short(
        'What is the dark mode value of color.primary?',
        'Dark: #4493F8 on a black background.',
      ),
    ).toBe('#4493F8');
    expect(short('What is the minimum height of a button?', 'A button is 36 pixels high.')).toBe(
      '36 pixels',
    );
  });

  it('keeps a bound with its number', () => {
    expect(
      short(
        'How long do we keep a deprecated API version running?',
        'We keep a deprecated API version running for at least six months.',
      ),
    ).toBe('at least six months');
    expect(
      short('How many labels can a metric have?', 'A metric can have at most 20 labels.'),
    ).toBe('at most 20 labels');
  });

  it('never leaves a bracket open', () => {
    expect(
      short(
        'Who travelled with the Eleventh Doctor?',
        'The Eleventh Doctor travelled with Amy Pond and Rory Williams (Arthur Darvill).',
      ),
    ).not.toMatch(/\([^)]*$/);
  });

  it('gives nothing for a question asking for no single thing, or a sentence without one', () => {
    expect(short('How do I restart billing?', 'Run billingctl restart on the node.')).toBeNull();
    expect(
      short('When does the train depart?', 'The train departs from platform nine.'),
    ).toBeNull();
  });

  it('counts in the unit the question\'s tagger read, not the word after "how many"', () => {
    const question = 'How many NFL teams finished with a winning record?';
    const sentence = 'By 1990, 32 NFL clubs existed and 12 teams finished with a winning record.';
    const stems = new Set(contentWords(question).map(stemTerm));
    expect(shortAnswer(question, sentence, { questionStems: stems, unit: 'team' })).toBe(
      '12 teams',
    );
    // Read here when the caller read none.
    expect(short(question, sentence)).toBe('12 teams');
  });

  it('answers "how many" with the number that counts the thing asked, not its neighbours', () => {
    const sentence =
      'This cloud model is composed of five essential characteristics, three service models, and four deployment models.';
    expect(short('How many essential characteristics does the cloud model have?', sentence)).toBe(
      'five',
    );
    expect(short('How many deployment models are there?', sentence)).toBe('four');
  });

  it('names what a definition describes by the label before its colon, acronym and all', () => {
    expect(
      short(
        'Which logical component in a zero trust architecture makes the ultimate decision to grant access?',
        'Policy engine (PE): This component is responsible for the ultimate decision to grant access to a resource (i.e., the decision point) for a given subject.',
      ),
    ).toBe('Policy engine (PE)');
  });

  it('names what a definition list or a name line describes by the label before its dash', () => {
    expect(
      short(
        'Which TCP state waits for a connection request from any remote TCP?',
        'LISTEN - represents waiting for a connection request from any remote TCP and port.',
      ),
    ).toBe('LISTEN');
    expect(
      short(
        'Which command removes untracked files from the working tree?',
        'git-clean - Remove untracked files from the working tree',
      ),
    ).toBe('git-clean');
    // Before a value, not a clause, a dash sets off no label: the value answers.
    expect(short('Which port does Wren use?', 'Wren port - 7301')).toBe('7301');
  });

  it('takes the value a sentence states as the default when the default is asked', () => {
    expect(
      short(
        'What is the default name of the remote created by git clone?',
        'Defaults to origin, and can be overridden by passing the --origin command-line option to git-clone(1).',
      ),
    ).toBe('origin');
  });

  it("reads a manual page's section number as part of its name", () => {
    expect(
      short(
        'What is the default editor for commit messages?',
        'Do not include the output of git-status(1) in the commit message template.',
      ),
    ).toBeNull();
  });

  it('reads a call as one value, never a number among its arguments', () => {
    expect(
      short(
        'How many worker threads does ThreadPoolExecutor use by default?',
        'Default value of max_workers is changed to min(32, os.cpu_count() + 4).',
      ),
    ).not.toBe('32');
    expect(
      short(
        'Which function gives the default number of workers?',
        'The default number of workers is min(32, os.cpu_count() + 4).',
      ),
    ).toBe('min(32, os.cpu_count() + 4)');
  });

  it('reads a constant written in capitals and underscores as one identifier, without its citation', () => {
    expect(
      short(
        'Which cipher suite must a TLS-compliant application implement?',
        'A TLS-compliant application MUST implement the TLS_AES_128_GCM_SHA256 [GCM] cipher suite and SHOULD implement the TLS_AES_256_GCM_SHA384 [GCM] cipher suite.',
      ),
    ).toBe('TLS_AES_128_GCM_SHA256');
    expect(
      short('Which variable sets the data folder?', 'Set DOCENT_DATA_DIR to the folder.'),
    ).toBe('DOCENT_DATA_DIR');
  });

  it("takes a citation's key only when a reference is asked for", () => {
    const sentence = 'The handshake was analysed in [DFGS15] and [KW16].';
    expect(short('Which port does the handshake use?', sentence)).toBeNull();
    expect(short('Which reference analysed the handshake?', sentence)).toBe('DFGS15');
  });

  it('takes the label of a clause after a colon, however short the clause', () => {
    expect(
      short(
        'Which subcategory covers vulnerability scans?',
        'DE.CM-8: Vulnerability scans are performed',
      ),
    ).toBe('DE.CM-8');
    expect(
      short(
        'Which endpoint turns a Kestrel flag on or off?',
        'POST /v2/flags/{key}/toggle: Turns a flag on or off',
      ),
    ).toBe('POST /v2/flags/{key}/toggle');
  });

  it("answers from a table row's cell, not its header", () => {
    expect(short('Who owns Curlew?', 'Owner: Security team')).toBe('Security team');
    expect(short('Who owns Curlew?', 'Curlew — Owner: Security team')).toBe('Security team');
    expect(
      short('Which table does ingest-orders write to?', 'ingest-orders — Target table: raw.orders'),
    ).toBe('raw.orders');
    // As the answerer reads the question (its tagger finds the head noun, "allowance").
    expect(
      answerSpans(
        'What is the daily meal allowance in the UK in pounds?',
        'United Kingdom — Pound sterling: £33',
      )[0]?.text,
    ).toBe('£33');
    expect(short('What is the dark mode value of color.primary?', 'Dark: #4493F8')).toBe('#4493F8');
  });

  it('keeps the plural noun a number counts, as the tagger reads it', () => {
    expect(short('What is the number of singers in the choir?', 'The choir has 40 children.')).toBe(
      '40 children',
    );
    expect(short('What was the score?', 'The score was 5 plus 3 across the season.')).toBe('5');
  });
});

describe('shortAnswer when the sentence holds nothing of the kind asked', () => {
  it.each([
    // A sentence-initial capital is no name: "Critics", "Reviews", "Indicates" begin sentences.
    [
      'What country has the most illiterate adults in the world?',
      'Critics of this system point out that this leads to corruption by school inspectors.',
    ],
    ['Who approves the security plan?', 'Reviews the security plan at least annually.'],
    ['Who signs the authorization?', 'Indicates an optional action.'],
    ['Where are the backups kept?', 'Responsibility: Backups are kept for thirty days.'],
    // A common noun is no identifier: "which port", "which format" asks for one written as such.
    [
      'Which port does the queue listen on?',
      'The queue delivers each message to multiple consumers.',
    ],
    ['Which status does the ticket get?', 'The owner takes responsibility for the ticket.'],
  ])('%j of %j: null', (question, sentence) => {
    expect(short(question, sentence)).toBeNull();
  });

  it('still takes a name that begins the sentence when the tagger knows it for one', () => {
    expect(
      short(
        'What were the towns granted to the Huguenots collectively called?',
        'Montpellier was among the most important of the towns.',
      ),
    ).toBe('Montpellier');
    expect(short('Which port does Heron listen on?', 'Heron listens on TCP port 9120.')).toBe(
      '9120',
    );
    expect(short('Who leads the audit?', 'The audit is led by Maria Lopez.')).toBe('Maria Lopez');
    // A sentence-initial phrase gains nothing by a name inside it: the name alone is the answer.
    expect(
      short(
        'What English chemist showed that fire only needed nitroaereus?',
        'English chemist John Mayow refined this work by showing that fire requires only a part of air that he called spiritus nitroaereus.',
      ),
    ).toBe('John Mayow');
    // A capital past a label's colon is the next sentence's, not the span's.
    const q = 'Which practice is a dark launch?';
    expect(
      shortAnswer(q, 'Dark launch: Shipping code behind a flag that is off for every customer.', {
        questionStems: new Set(contentWords(q).map(stemTerm)),
        head: stemTerm('practice'),
      }),
    ).toBe('Shipping code');
    // Asked what it is, the definition is the answer: no span of it is.
    const definition = 'What is a dark launch?';
    expect(
      shortAnswer(
        definition,
        'Dark launch: Shipping code behind a flag that is off for every customer.',
        {
          questionStems: new Set(contentWords(definition).map(stemTerm)),
          head: stemTerm('launch'),
        },
      ),
    ).toBeNull();
  });
});

describe('shortAnswer: no span that merely locates, qualifies or lists part of the answer', () => {
  it('takes the duration a "how long should…" asks for, not a document number', () => {
    expect(
      short(
        'How long should incident records be retained?',
        'As discussed in Section 3.4.2, General Records Schedule (GRS) 24 specifies that incident handling records should be kept for three years.',
      ),
    ).toBe('three years');
  });

  it('never gives a figure, table or section as the thing asked for', () => {
    expect(
      short(
        'Who is responsible for the policy decision point?',
        'From Figure 1, the policy decision point (PDP) is broken down into two logical components.',
      ),
    ).toBeNull();
  });

  it('gives no noun asked about with a vague word, but keeps one a modifier names', () => {
    expect(
      short(
        'What role did Luther play in the churches?',
        'In the churches, Luther played a leading role.',
      ),
    ).toBeNull();
    expect(
      short(
        'What type of ballot elects the Presiding Officer?',
        'The Presiding Officer is elected by a secret ballot of the members.',
      ),
    ).toBe('secret ballot');
  });

  it('asked for a list, gives no single item of it', () => {
    expect(
      short(
        'What are the phases of incident response?',
        'This section describes the major phases of the incident response process—preparation, detection and analysis, containment, eradication and recovery, and post-incident activity—in detail.',
      ),
    ).toBeNull();
    expect(
      short(
        'What are the five essential characteristics of cloud computing?',
        'A cloud infrastructure is the collection of hardware and software that enables the five essential characteristics of cloud computing.',
      ),
    ).toBeNull();
    expect(
      short(
        'Which two railroads have railyards in Fresno?',
        'Fresno has railyards of the Union Pacific Railroad, among others.',
      ),
    ).toBeNull();
  });

  it('asked for a list, gives a whole one', () => {
    expect(
      short(
        'Which two railroads have railyards in Fresno?',
        'Fresno has railyards of the Union Pacific and BNSF railroads.',
      ),
    ).toBe('Union Pacific and BNSF railroads');
    expect(
      short(
        'What are the opening hours of the library?',
        'The library is open from 9:00 to 17:00 on weekdays.',
      ),
    ).not.toBeNull();
  });

  it('takes no hyphenated phrase for an identifier', () => {
    expect(
      short(
        'What is the default retention period?',
        'The organization retains audit records to support after-the-fact investigations.',
      ),
    ).not.toBe('after-the-fact');
    expect(
      short('Which setting limits the pool?', 'The pool is limited by max-pool-size in the file.'),
    ).toBe('max-pool-size');
  });

  it('asked how long a period is, gives a duration', () => {
    expect(
      short(
        'How long is the retention period for audit logs?',
        'Audit logs are kept under GRS 24 for a retention period of three years.',
      ),
    ).toBe('three years');
  });

  it('asked a default, gives a value, not what follows "is not"', () => {
    expect(
      short(
        'What is the default lock timeout?',
        'The default lock timeout is not likely to matter for short transactions.',
      ),
    ).toBeNull();
    expect(
      short('What is the default lock timeout?', 'The default lock timeout is 2 minutes.'),
    ).toBe('2 minutes');
    expect(
      short('What is the default field separator?', 'The default field separator is a comma.'),
    ).toBe('comma');
    expect(
      short('What is the default field separator?', 'The default is a sign that nothing was set.'),
    ).toBeNull();
  });
});

describe('shortAnswer: the span the question leads to', () => {
  it.each([
    [
      'What did Charles Parsons invent?',
      "Inventions from the city include Stephenson's Rocket, Armstrong's artillery and Swan's electric lamp, and Charles Parsons invented the steam turbine.",
      'steam turbine',
    ],
    [
      'What kinds of trees line the boulevard?',
      'Once a rural road, the boulevard is lined with tall palm trees planted in 1914.',
      'tall palm trees',
    ],
    [
      'Which day of the week is the release train cut?',
      'Since 2021 the release train has been cut every Thursday at noon.',
      'Thursday',
    ],
  ])('%j in %j is %j: the words its question leads to, in their clause', (q, s, expected) => {
    expect(short(q, s)).toBe(expected);
  });

  it('weighs the kind asked above nearness to the question in a technical page', () => {
    expect(
      short(
        'What is the address of our public status page?',
        'Our public status page runs on Atlassian Statuspage at status.brightwater.example.',
      ),
    ).toBe('status.brightwater.example');
  });

  it('gives what completes the verb and preposition a question ends with', () => {
    expect(
      short(
        'Who is the guide intended for?',
        'This guide is intended for support engineers and release managers working with Open Telemetry Collector deployments.',
      ),
    ).toBe('support engineers and release managers');
    expect(
      short(
        'What is the bridge made of?',
        'The bridge is made of reinforced concrete and steel, and opened in 1932.',
      ),
    ).toBe('reinforced concrete and steel');
  });

  it('keeps no verb after a number as what it counts', () => {
    expect(
      short(
        'Which schedule number covers incident records?',
        'Schedule 24 specifies that incident records are kept for three years.',
      ),
    ).toBe('24');
  });

  it('takes no month or weekday for a person or a thing', () => {
    expect(
      short(
        'What is said to be the largest street market in the region?',
        'The Quayside market, said to be the largest street market in the region, is held here every Sunday in June.',
      ),
    ).toBe('Quayside market');
  });
});
