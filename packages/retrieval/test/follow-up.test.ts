import { isFollowUp, standaloneQuestion } from '../src';

describe('standaloneQuestion', () => {
  const history = [
    { question: 'Which port does the billing service listen on?', answer: 'Port 8431.' },
  ];

  it('puts the thing the previous answer named in place of the pronoun', () => {
    const tool = [
      {
        question: 'Which tool do we use for canary releases?',
        answer: 'Heron is the tool we use for canary releases.',
      },
    ];
    expect(standaloneQuestion('Which TCP port does it listen on by default?', tool)).toEqual({
      text: 'Which TCP port does Heron listen on by default?',
      resolved: true,
    });
    expect(standaloneQuestion('Who maintains its dashboards?', tool)).toEqual({
      text: "Who maintains Heron's dashboards?",
      resolved: true,
    });
  });

  it('takes, of an answer naming two things, the one whose clause says what was asked', () => {
    const rooms = [
      {
        question: 'Which office names its rooms after hills?',
        answer: 'Rooms in Lisbon are named after rivers; rooms in Leeds are named after hills.',
      },
    ];
    expect(standaloneQuestion('Can I bring my dog there?', rooms)).toEqual({
      text: 'Can I bring my dog at Leeds?',
      resolved: true,
    });
    const rivers = [{ ...rooms[0]!, question: 'Which office names its rooms after rivers?' }];
    expect(standaloneQuestion('Can I bring my dog there?', rivers).text).toBe(
      'Can I bring my dog at Lisbon?',
    );
    // No clause stands out: not a guess between them.
    const both = [{ ...rooms[0]!, question: 'Which office names its rooms after things?' }];
    expect(standaloneQuestion('Can I bring my dog there?', both).text).not.toBe(
      'Can I bring my dog at Leeds?',
    );
  });

  it('never takes a word of the previous question, in another form, for the thing it answered', () => {
    // "databases… the orders" asked, "Orders" written: the answer named Postgres.
    const store = [
      { question: 'Which databases store the orders?', answer: 'Orders are stored in Postgres.' },
    ];
    expect(standaloneQuestion('Which port does it listen on?', store)).toEqual({
      text: 'Which port does Postgres listen on?',
      resolved: true,
    });
  });

  it('falls back on the name the previous question asked about when the answer was a value', () => {
    const port = [
      { question: 'Which port does Skylark listen on?', answer: 'Skylark listens on port 7443.' },
    ];
    expect(standaloneQuestion('Who wrote it?', port)).toEqual({
      text: 'Who wrote Skylark?',
      resolved: true,
    });
    expect(standaloneQuestion('And what about Heron?', port)).toEqual({
      text: 'Which port does Heron listen on?',
      resolved: true,
    });
  });

  it('falls back on the noun phrase the previous question asked about, naming no one', () => {
    expect(standaloneQuestion('And who is on call for it?', history)).toEqual({
      text: 'And who is on call for the billing service?',
      resolved: true,
    });
    const owner = [
      {
        question: 'Who owns the billing service?',
        answer: 'Team Falcon owns the billing service.',
      },
    ];
    // "it" never stands for the person answered; "they" may.
    expect(standaloneQuestion('And which port does it listen on?', owner).text).toBe(
      'And which port does the billing service listen on?',
    );
    const country = [
      { question: 'Which country borders Spain to the west?', answer: 'Portugal borders Spain.' },
    ];
    expect(standaloneQuestion('What is its capital?', country).text).toBe(
      "What is Portugal's capital?",
    );
  });

  it('reads the thing out of answers shaped as table rows and sentences opening with a name', () => {
    const ask = (question: string, previous: string, answer: string) =>
      standaloneQuestion(question, [{ question: previous, answer }]).text;
    expect(
      ask(
        'How much storage does it include?',
        'Which plan needs at least 20 seats?',
        'Business — Minimum seats: 20',
      ),
    ).toBe('How much storage does Business include?');
    expect(
      ask('What is its dark value?', 'Which token is #CF222E?', 'color.danger, Light: #CF222E'),
    ).toBe("What is color.danger's dark value?");
    expect(
      ask(
        'Which port does it listen on?',
        'Which service do we use for feature flags?',
        'Kestrel is the feature flag service behind every product.',
      ),
    ).toBe('Which port does Kestrel listen on?');
    // A team answered: "its" is still the thing the question named.
    expect(
      ask(
        'Which version of its server do we run?',
        'Which team owns Kestrel?',
        'Team Atlas owns Kestrel.',
      ),
    ).toBe("Which version of Kestrel's server do we run?");
    // "Which model is the Lisbon printer?" asks about the printer.
    expect(
      ask(
        'What is its IP address?',
        'Which model is the Lisbon printer?',
        'The Lisbon printer is a Brother HL-L8360.',
      ),
    ).toBe("What is the Lisbon printer's IP address?");
    expect(
      ask(
        'Who is our account manager there?',
        'Which vendor provides our password manager?',
        '1Password, Service: Password manager',
      ),
    ).toBe('Who is our account manager at 1Password?');
    expect(
      ask(
        'When is it open?',
        'Which office is on Rua do Alecrim?',
        'Our Lisbon office is at Rua do Alecrim 47.',
      ),
    ).toBe('When is our Lisbon office open?');
  });

  it('prefixes follow-ups it cannot resolve with the previous question', () => {
    expect(
      standaloneQuestion('And who is on call for it?', [{ question: 'Why?', answer: 'x' }]),
    ).toEqual({
      text: 'Why? And who is on call for it?',
      resolved: false,
    });
    expect(standaloneQuestion('What about staging?', history).text).toMatch(/^Which port/);
  });

  it('leaves standalone questions and empty histories alone', () => {
    expect(standaloneQuestion('Who owns the search cluster backups?', history)).toEqual({
      text: 'Who owns the search cluster backups?',
      resolved: false,
    });
    expect(standaloneQuestion('And its price?', []).text).toBe('And its price?');
  });

  it('recognises pronouns, connectives and bare questions', () => {
    expect(isFollowUp('When was it founded?')).toBe(true);
    expect(isFollowUp('Why?')).toBe(true);
    expect(isFollowUp('When was the Normandy duchy founded?')).toBe(false);
  });
});
