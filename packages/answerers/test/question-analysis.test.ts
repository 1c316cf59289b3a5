import { absentSubjects, absentWords, analyseQuestion } from '../src/question-analysis';
import { askingWord, questionCues, sentenceMatchesCues } from '../src/question-cues';

const analysed = (question: string) => analyseQuestion(question, question);
const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('absentWords: the words of the thing asked for', () => {
  const absentAskedWords = (...args: Parameters<typeof absentWords>) => absentWords(...args).asked;

  it('names the words of the thing asked for that no chunk holds, and only those', () => {
    const question = analysed('What gaussian of time is used in polynomial time reduction?');
    const byWord = counts({ gaussian: 0, time: 9, used: 9, polynomial: 3, reduction: 0 });
    expect(absentAskedWords(question, byWord, new Set(['time', 'polynomial']))).toEqual([
      'gaussian',
    ]);
    // The subject the collection lacks is absentSubjects' to name.
    expect(absentSubjects(question, byWord, new Set(['time', 'polynomial']))).toEqual([
      'reduction',
    ]);
    expect(
      absentAskedWords(
        analysed('Which font does body text use?'),
        counts({ font: 0, body: 2, text: 5, use: 9 }),
        new Set(['body', 'text', 'inter']),
      ),
    ).toEqual(['font']);
  });
});

describe('absentSubjects', () => {
  it('names a thing the question asks about that no chunk holds', () => {
    expect(
      absentSubjects(
        analysed('Which floor is the cafeteria on?'),
        counts({ floor: 3, cafeteria: 0 }),
        new Set(['floor', 'office']),
      ),
    ).toEqual(['cafeteria']);
    expect(
      absentSubjects(
        analysed('When does release train R-99 depart?'),
        counts({ release: 4, train: 3, r: 5, '99': 0, depart: 2 }),
        new Set(['release', 'train', 'r', '17']),
      ),
    ).toEqual(['99']);
  });

  it('lets a page describe the thing asked for in its own words', () => {
    // "beverage company" describes the answer: the page names the company.
    expect(
      absentSubjects(
        analysed('What beverage company signed a contract to broadcast ads?'),
        counts({ beverage: 0, company: 2, signed: 1, contract: 1, broadcast: 3, ads: 2 }),
        new Set(['company', 'brewer']),
      ),
    ).toEqual([]);
  });

  it('counts a word the tagger reads as a verb or adjective where only a noun can stand', () => {
    const absentIn = (question: string, absent: string[]) =>
      absentSubjects(
        analysed(question),
        counts(Object.fromEntries(absent.map((w) => [w, 0]))),
        new Set(['field', 'goal', 'crust', 'mass', 'fumble', 'yards']),
      );
    // The object of the question's verb, after a possessive, after a determiner.
    expect(absentIn('How many yards was the missed field khanates?', ['khanates'])).toEqual([
      'khanates',
    ]);
    expect(
      absentIn("What element makes up half of the earth's earnest by mass?", ['earnest']),
    ).toEqual(['earnest']);
    expect(absentIn('Who recovered the rinchinbal and ran it in?', ['rinchinbal'])).toEqual([
      'rinchinbal',
    ]);
    // Verbs a person asks with stay verbs: after "to", in a clause of their own, after "what",
    // after an inverted auxiliary's subject, or an adjective said of a noun phrase.
    expect(absentIn('How quickly do I have to acknowledge a page?', ['acknowledge'])).toEqual([]);
    expect(absentIn('What happens when the queue overflows?', ['happens', 'overflows'])).toEqual(
      [],
    );
    expect(absentIn('What fails first?', ['fails'])).toEqual([]);
    expect(
      absentIn('In what year did the Master reincarnate into a body?', ['reincarnate']),
    ).toEqual([]);
    expect(absentIn('How long is the password reset link valid?', ['valid'])).toEqual([]);
    // A number that is part of a name counts nothing.
    expect(
      absentIn('Which botnet does NIST SP 800-207 cite as an example of DoS attacks?', ['cite']),
    ).toEqual([]);
    expect(
      absentIn('What is the arrangement of two reinforcements electrons?', ['reinforcements']),
    ).toEqual(['reinforcements']);
    // A bare number with a verb before it counts the things after it.
    expect(absentIn('Who ruled 3 khanates in Persia?', ['khanates'])).toEqual(['khanates']);
  });

  it('forgives typos and other forms of a word the passages spell', () => {
    expect(
      absentSubjects(
        analysed('What Denver player had 109 tackels in 2015?'),
        counts({ denver: 5, player: 3, '109': 1, tackels: 0, '2015': 9 }),
        new Set(['tackles', 'linebacker']),
      ),
    ).toEqual([]);
  });

  it('forgives a compound split or joined, a plural acronym, a month shortened', () => {
    // The question's words no chunk holds (the rule reads only those) and the passages' words.
    const absentIn = (question: string, absent: string[], passage: string[]) =>
      absentSubjects(
        analysed(question),
        counts(Object.fromEntries(absent.map((w) => [w, 0]))),
        new Set(passage),
      );
    const none = (question: string, absent: string[], passage: string[]) =>
      expect(absentIn(question, absent, passage)).toEqual([]);
    none('How much gun powder was stored in the depot?', ['powder'], ['gunpowder', 'depot']);
    none('Who sang at the superbowl halftime show?', ['superbowl'], ['super', 'bowl', 'halftime']);
    none('Which teams run the DSMs?', ['dsms'], ['dsm', 'teams']);
    none('Where was the Feb 2010 audit published?', ['feb'], ['2010', 'audit']);
    none('What does the acronym CSM stand for?', ['acronym'], ['csm', 'command', 'module']);
    // Still absent: a word that is a subject; an identifier's or camel-case word's part; a short
    // word, even one letter from a small word ("so").
    expect(absentIn('Which port does the sso listen on?', ['sso'], ['port', 'okta'])).toEqual([
      'sso',
    ]);
    expect(
      absentIn(
        'How many days does gc.stashExpire keep stash entries?',
        ['stashexpire'],
        ['gc', 'stash', 'expire', 'entries'],
      ),
    ).toEqual(['stashexpire']);
    expect(
      absentIn(
        'How does ExpiresMaxAge interact with ExpiresDefault?',
        ['expiresmaxage'],
        ['expires', 'maxage', 'expiresdefault'],
      ),
    ).toEqual(['expiresmaxage']);
    expect(
      absentIn('Which floor is the cafeteria on?', ['cafeteria'], ['floor', 'cafe', 'office']),
    ).toEqual(['cafeteria']);
  });

  it('forgives a name written without its accents', () => {
    expect(
      absentSubjects(
        analysed("What was the extent of Celeron's expedition?"),
        counts({ extent: 2, celeron: 0, expedition: 3 }),
        new Set(['céloron', 'expedition']),
        new Set(['céloron']),
      ),
    ).toEqual([]);
  });

  it('counts a gerund before the noun asked for as part of what is asked for', () => {
    expect(
      absentSubjects(
        analysed('What versioning scheme do OSCAL releases use?'),
        counts({ versioning: 3, scheme: 0, oscal: 9, releases: 4 }),
        new Set(['versioning', 'semantic', 'oscal']),
      ),
    ).toEqual([]);
  });

  it('takes a name for a typo of a name only, never of a common word', () => {
    expect(
      absentSubjects(
        analysed('How many seats does the Severn room have?'),
        counts({ seats: 4, severn: 0, room: 6 }),
        new Set(['seven', 'several', 'seats', 'pennine']),
        new Set(['several', 'pennine']),
      ),
    ).toEqual(['severn']);
    expect(
      absentSubjects(
        analysed('Which port does Kestral listen on?'),
        counts({ port: 4, kestral: 0 }),
        new Set(['kestrel', 'port']),
        new Set(['kestrel']),
      ),
    ).toEqual([]);
  });

  it('does not count verbs, nor the verb that ends an inverted question', () => {
    expect(
      absentSubjects(
        analysed('When does the OspreyQueueBacklog alert fire?'),
        counts({ ospreyqueuebacklog: 1, alert: 3, fire: 0 }),
        new Set(['ospreyqueuebacklog', 'threshold']),
      ),
    ).toEqual([]);
    expect(
      absentSubjects(
        analysed('Up to how many euros per night are hotel expenses reimbursed?'),
        counts({ euros: 3, night: 1, hotel: 0, expenses: 4, reimbursed: 0 }),
        new Set(['euros', 'meals']),
      ),
    ).toEqual(['hotel']);
  });

  it('names the thing before a final "do", which is the verb', () => {
    expect(
      absentSubjects(
        analysed('What does git rebase --autofixup do?'),
        counts({ git: 90, rebase: 12, autofixup: 0 }),
        new Set(['rebase', 'autosquash', 'fixup']),
      ),
    ).toEqual(['autofixup']);
  });

  it('names a missing identifier the tagger reads as a verb', () => {
    expect(
      absentSubjects(
        analysed('What is the default value of core.maxFileSize?'),
        counts({ default: 40, value: 50, core: 30, maxfilesize: 0 }),
        new Set(['core', 'bigfilethreshold']),
      ),
    ).toEqual(['maxfilesize']);
  });

  it('takes no identifier for another form of one it shares a beginning with', () => {
    const question = analysed('What does log_lock_failure log?');
    const passages = new Set(['log_lock_waits', 'log', 'lock']);
    expect(absentSubjects(question, counts({ log_lock_failure: 0, log: 40 }), passages)).toEqual([
      'log_lock_failure',
    ]);
    // A typo of one still reads as it.
    expect(
      absentSubjects(
        analysed('What does log_lock_wait do?'),
        counts({ log_lock_wait: 0, do: 9 }),
        passages,
      ),
    ).toEqual([]);
  });
});

describe('absentSubjects of a question quoting code', () => {
  it('names no value the asker supplies, but a function the manual lacks', () => {
    expect(
      absentSubjects(
        analysed('SELECT sum(amount) FROM payments WHERE 0 gives me NULL. Why?'),
        counts({ select: 9, sum: 3, amount: 0, payments: 0, null: 9, gives: 2 }),
        new Set(['select', 'sum', 'total', 'null']),
      ),
    ).toEqual([]);
    expect(
      absentSubjects(
        analysed("Does string_agg(name, ', ') skip NULL names?"),
        counts({ string_agg: 0, name: 5, skip: 2, null: 9, names: 5 }),
        new Set(['group_concat', 'null', 'name']),
      ),
    ).toEqual(['string_agg']);
  });
});

describe('absentSubjects of a situation told before the question', () => {
  it('names no common noun of the sentences around the one asking, but a name there', () => {
    expect(
      absentSubjects(
        analysed(
          "My zone didn't load because of a typo in the zone file. What do clients get back?",
        ),
        counts({ zone: 5, load: 3, typo: 0, file: 4, clients: 3, back: 2 }),
        new Set(['zone', 'file', 'clients', 'servfail']),
      ),
    ).toEqual([]);
    expect(
      absentSubjects(
        analysed('We moved Plover next to the cafeteria. Which port does it listen on?'),
        counts({ moved: 2, plover: 0, cafeteria: 0, port: 3, listen: 2 }),
        new Set(['port', 'heron', 'listens']),
      ),
    ).toEqual(['plover']);
  });

  it('names no word of an adjective before the noun it describes', () => {
    expect(
      absentSubjects(
        analysed('If I create a brand-new database, how big are its pages?'),
        counts({ create: 3, brand: 0, new: 5, database: 5, big: 2, pages: 5 }),
        new Set(['database', 'page', 'size']),
      ),
    ).toEqual([]);
  });
});

describe('absentSubjects of names', () => {
  it('names a missing name even where it describes the thing asked for', () => {
    expect(
      absentSubjects(
        analysed("Which Genghis's was hosted in San Diego in 2003?"),
        counts({ genghis: 0, s: 9, hosted: 2, san: 3, diego: 3, '2003': 2 }),
        new Set(['super', 'bowl', 'san', 'diego']),
      ),
    ).toEqual(['genghis']);
    expect(
      absentSubjects(
        analysed('What is the Billing component called on the status page?'),
        counts({ billing: 0, component: 3, called: 2, status: 4, page: 5 }),
        new Set(['component', 'status', 'page', 'api']),
        new Set(['public', 'api']),
      ),
    ).toEqual(['billing']);
    // Not a name: the words of the thing asked for still need not be on the page.
    expect(
      absentSubjects(
        analysed('What beverage company signed a contract?'),
        counts({ beverage: 0, company: 2, signed: 1, contract: 1 }),
        new Set(['company']),
      ),
    ).toEqual([]);
  });

  it('names a missing name or number that ends an inverted question, not a verb', () => {
    expect(
      absentSubjects(
        analysed('Who did John Elway play for in Celeron?'),
        counts({ john: 2, elway: 3, play: 5, celeron: 0 }),
        new Set(['john', 'elway', 'broncos']),
        new Set(['john', 'elway', 'broncos']),
      ),
    ).toEqual(['celeron']);
    expect(
      absentSubjects(
        analysed('How many first downs did the Panthers have in 1947?'),
        counts({ first: 9, downs: 2, panthers: 8, '1947': 0 }),
        new Set(['first', 'downs', 'panthers', '2015']),
      ),
    ).toEqual(['1947']);
  });
});

describe('analyseQuestion', () => {
  it('reads names, the thing asked for and whether several things are asked', () => {
    const q = analysed('Which PagerDuty service do Osprey alerts go to?');
    expect([...q.names].sort()).toEqual(['osprey', 'pagerduty']);
    expect(q.asked.has('servic')).toBe(true);
    expect(analysed('What port and protocol does billing use?').asksForSeveral).toBe(true);
    expect(analysed('In what month and year was it founded?').asksForSeveral).toBe(false);
    expect(analysed('How many days are left?').unit).toBe('day');
  });

  it('reads no thing in a word in -ing acting on an object after a preposition or a comma', () => {
    const things = (q: string) => [...analysed(q).things];
    expect(things('What is the longest name PostgreSQL keeps before truncating it?')).not.toContain(
      'truncat',
    );
    expect(things('How many columns can an index have, counting INCLUDE columns?')).not.toContain(
      'count',
    );
    expect(things('Can I do it instead of hand-editing postgresql.conf?')).not.toContain('hand');
    // A gerund that is the subject, or describes a noun, names a thing.
    expect(things('Why is breathing oxygen in space not dangerous?')).toContain('breath');
    expect(things('Why do incoming water bodies support life?')).toContain('incom');
    expect(things('What is the purpose of logging?')).toContain('log');
  });

  it('reads "out of the box" and "the stock configuration" as asking the default', () => {
    const boxed = analysed('Out of the box, how much memory may a sort use?');
    expect(boxed.terms.has('default')).toBe(true);
    expect(boxed.terms.has('box')).toBe(false);
    const stock = analysed('How big can a NOTIFY payload be with the stock configuration?');
    expect(stock.terms.has('default')).toBe(true);
    expect(stock.terms.has('stock')).toBe(false);
    expect(analysed('How many boxes ship in the stock room?').terms.has('default')).toBe(false);
    expect(
      analysed("What level does compress() use if I don't pass one?").terms.has('default'),
    ).toBe(true);
    expect(analysed('Which encoding is used when it is omitted?').terms.has('default')).toBe(true);
  });

  it('keeps an option whole, its one letter in the case written', () => {
    const q = analysed("What does psql's -X switch change?");
    expect(q.options).toEqual(['-X']);
    expect(q.terms.has('-X')).toBe(true);
    expect(q.terms.has('x')).toBe(false);
    expect([...q.names]).toEqual(['-X']);
    // "-a" is no stopword once whole.
    expect(analysed('What ends up in the output of pg_dump -a?').terms.has('-a')).toBe(true);
  });

  it('reads the unit of a count as the noun after "how many", never a verb', () => {
    expect(analysed('How many NFL teams have gone 15-1 in one season?').unit).toBe('team');
    expect(analysed('How many were killed by plague in Naples in 1656?').unit).toBeUndefined();
    expect(analysed('How many will the committee dedicate to charities?').unit).toBeUndefined();
  });
});

describe('questionCues', () => {
  const kinds = (question: string) => questionCues(question).map((cue) => cue.kind);

  it('reads a time or a place from the word that asks, not from a clause about the subject', () => {
    expect(kinds('When did the Jin dynasty end?')).toEqual(['time']);
    expect(kinds('What colour did Denver wear when Elway was quarterback?')).toEqual([]);
    expect(kinds('Where was the media day event held?')).toEqual(['place']);
    expect(kinds('What is the name of the stadium where the game was played?')).toEqual([]);
    expect(kinds('In what year was the station founded?')).toEqual(['time']);
  });

  it('asks for a quantity by a share or a proportion', () => {
    expect(kinds('What share of functionality does the agile approach implement?')).toEqual([
      'quantity',
    ]);
    expect(kinds('What proportion of the budget goes to hosting?')).toEqual(['quantity']);
  });

  it('takes the first question word as the one that asks', () => {
    expect(askingWord('What colour did Denver wear when Elway was quarterback?')).toBe('what');
    expect(askingWord('In which year did the war end?')).toBe('which');
    expect(askingWord('Explain why who won matters.')).toBe('why');
    expect(askingWord('Name the capital.')).toBeUndefined();
  });

  it('finds a century or an era as a time, and "dozens" or "a few" as a count', () => {
    const holds = (question: string, sentence: string) =>
      sentenceMatchesCues(sentence, questionCues(question), new Set());
    expect(
      holds('When did the population recover?', 'It did not recover until the 17th century.'),
    ).toBe(true);
    expect(holds('When was it written?', 'It was written by a 2nd century BCE Greek writer.')).toBe(
      true,
    );
    expect(holds('When was it written?', 'It was written by a Greek writer.')).toBe(false);
    expect(holds('How many empires were there?', 'Muslim empires number in the dozens.')).toBe(
      true,
    );
    expect(holds('How many contain none?', 'Only a few biomolecules contain none.')).toBe(true);
  });
});

describe("a question's focus", () => {
  it.each([
    [
      'Which encryption algorithm does NIST SP 800-145 require for cloud storage?',
      ['encryption', 'algorithm'],
    ],
    ['Which port does Plover listen on?', ['port']],
    ['Up to how many euros per night are hotel expenses reimbursed?', ['euro']],
    ["What is Canon i-SENSYS MF643's IP address?", ['address']],
    // Must not: framing words, what a date is asked as, names and bare "how much".
    ['What is the name of our data protection officer?', []],
    ['In what month and year was SP 800-207 published?', []],
    ['Which NFL team represented the AFC at Super Bowl 50?', ['team']],
    ['How much does the Premium plan cost per seat?', []],
  ])('%s → %j', (question, focus) => {
    expect(analysed(question).focus).toEqual(focus);
  });
});

describe('absentSubjects after a name was put in for "it"', () => {
  it('reads the verb after "does Team" as the verb ("cost"), and still names a missing thing', () => {
    const question = analysed('How much does Team cost per seat?');
    expect(absentSubjects(question, counts({ team: 3, cost: 0, seat: 2 }), new Set())).toEqual([]);
    // Must not: a noun no chunk holds is still missing ("hotel" of the near miss).
    expect(
      absentSubjects(
        analysed('How much does the hotel cost per night?'),
        counts({ hotel: 0, cost: 0, night: 2 }),
        new Set(),
      ),
    ).toEqual(['hotel']);
  });
});
