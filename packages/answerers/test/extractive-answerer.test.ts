import { encodeChunkLayout } from '@docent/document-model';
import { ExtractiveAnswerer, NOT_FOUND_ANSWER, type Passage } from '../src';
import { bagOfWords, fakeEmbedding, switchableEmbedding } from './bag-of-words-embedder';
import { describeAnswererConformance } from './conformance/answerer.conformance';

describeAnswererConformance('ExtractiveAnswerer', async () => {
  const { upstream, ...embedding } = switchableEmbedding();
  return {
    answerer: new ExtractiveAnswerer(embedding),
    upstream,
    embedTexts: (texts) => embedding.embedTexts(texts),
    cleanup: async () => undefined,
  };
});

/** A retrieved passage, as close in meaning to the question as a related one usually is. */
function passage(id: string, text: string, docName = id, similarity = 0.6): Passage {
  return { id, docName, pageNum: 1, text, headings: '', score: 1, similarity };
}

const NOT_FOUND = expect.objectContaining({
  text: NOT_FOUND_ANSWER,
  usedPassageIds: [],
  found: false,
  shortAnswer: null,
});

const passages = [
  passage(
    'billing',
    'The billing service handles invoices. It listens on port 8431 behind the internal load balancer. Deploys happen on Tuesdays.',
    'Billing runbook',
  ),
  passage(
    'oncall',
    'The on-call rotation for billing is owned by team Falcon. Escalations go to Maria Chen after 30 minutes.',
    'On-call',
  ),
  passage(
    'misc',
    'The cafeteria opens at 8 am. Parking is free for visitors on weekends.',
    'Office',
  ),
];

describe('ExtractiveAnswerer', () => {
  const answerer = new ExtractiveAnswerer(fakeEmbedding);

  it('answers with the sentence holding the asked fact, verbatim, and cites its passage first', async () => {
    const answer = await answerer.answer({
      question: 'Which port does the billing service listen on?',
      standaloneQuestion: 'Which port does the billing service listen on?',
      history: [],
      passages,
    });
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('port 8431');
    expect(answer.usedPassageIds[0]).toBe('billing');
    for (const sentence of answer.text.split(/(?<=\.)\s+/)) {
      expect(passages.some((p) => p.text.includes(sentence))).toBe(true);
    }
  });

  it('uses question-type cues to prefer the sentence with a person for "who"', async () => {
    const answer = await answerer.answer({
      question: 'Who takes billing escalations?',
      standaloneQuestion: 'Who takes billing escalations?',
      history: [],
      passages,
    });
    expect(answer.text).toContain('Maria Chen');
    expect(answer.usedPassageIds[0]).toBe('oncall');
  });

  it('keeps a lead-in ending in a colon with the list items under it', async () => {
    const slides = [
      passage(
        'roadmap',
        'Roadmap\n\nThe project will co-exist with the old format until the next release.',
        'Roadmap deck',
      ),
      passage(
        'team',
        'Team\n\nProject co-leaders:\n\n- Michaela Iorga, NIST\n- David Waltermire, NIST\n\nEmail the team.',
        'Overview deck',
      ),
    ];
    const answer = await answerer.answer({
      question: 'Who were the project co-leaders?',
      standaloneQuestion: 'Who were the project co-leaders?',
      history: [],
      passages: slides,
    });
    expect(answer.text).toBe('Project co-leaders: Michaela Iorga, NIST; David Waltermire, NIST');
    expect(answer.usedPassageIds[0]).toBe('team');
  });

  it('answers "not found" when the passages never name what the question is about', async () => {
    const ask = (question: string) =>
      answerer.answer({ question, standaloneQuestion: question, history: [], passages });
    // Same shape of question, but the service it names is not in this collection.
    const absent = await ask('Which port does the Kafka Connect service listen on?');
    expect(absent).toEqual(NOT_FOUND);
    const named = await ask('Who takes billing escalations for team Falcon?');
    expect(named.text).toContain('Maria Chen');
    const unnamed = await ask('Which port does the billing service listen on?');
    expect(unnamed.text).toContain('port 8431');
    const lenient = await new ExtractiveAnswerer({
      ...fakeEmbedding,
      requireSubjects: false,
    }).answer({
      question: 'Which port does the Kafka Connect service listen on?',
      standaloneQuestion: 'Which port does the Kafka Connect service listen on?',
      history: [],
      passages,
    });
    expect(lenient.found).toBe(true);
  });

  it('answers "not found" when no single sentence holds much of what the question asks', async () => {
    const rare = (...words: string[]) => ({
      chunks: 1000,
      byWord: new Map(words.map((word) => [word, 2])),
    });
    // Every word is somewhere in the passages, but each sentence holds at most two of six, and
    // the passages are only loosely related in meaning.
    const scattered = 'Did Maria Chen deploy the cafeteria invoices on weekends?';
    const loose = passages.map((p) => ({ ...p, similarity: 0.3 }));
    const request = {
      question: scattered,
      standaloneQuestion: scattered,
      history: [],
      passages: loose,
    };
    const counts = rare('Maria', 'Chen', 'deploy', 'cafeteria', 'invoices', 'weekends');
    expect(await answerer.answer({ ...request, termCounts: counts })).toEqual(NOT_FOUND);
    expect(
      (
        await new ExtractiveAnswerer({ ...fakeEmbedding, minEvidence: 0 }).answer({
          ...request,
          termCounts: counts,
        })
      ).found,
    ).toBe(true);

    const restated = 'Who takes billing escalations after 30 minutes?';
    const answer = await answerer.answer({
      question: restated,
      standaloneQuestion: restated,
      history: [],
      passages,
      termCounts: {
        chunks: 1000,
        byWord: new Map([
          ['billing', 300],
          ['escalations', 2],
          ['minutes', 40],
        ]),
      },
    });
    expect(answer.text).toContain('Maria Chen');
  });

  it("does not require a name the whole collection is about, nor one its document's passages share", async () => {
    const cloud = [
      passage(
        'def',
        'Cloud computing is a model for on-demand network access. This cloud model is composed of five essential characteristics and three service models.',
        'cloud-definition.pdf',
      ),
      passage(
        'other',
        'Hybrid clouds are compositions of two or more clouds.',
        'cloud-definition.pdf',
      ),
    ];
    const question =
      'According to NIST, how many essential characteristics make up the cloud model?';
    const ask = (nist: number) =>
      answerer.answer({
        question,
        standaloneQuestion: question,
        history: [],
        passages: cloud,
        termCounts: {
          chunks: 100,
          byWord: new Map([
            ['nist', nist],
            ['essential', 3],
            ['characteristics', 4],
            ['cloud', 30],
            ['model', 30],
          ]),
        },
      });
    // NIST in most chunks: the collection's topic, which the answering sentence need not say.
    expect((await ask(80)).text).toContain('five essential characteristics');
    // NIST in two chunks, neither of them these: the sentence is about something else.
    expect(await ask(2)).toEqual(NOT_FOUND);

    // Three slides of one deck, two of them naming OSCAL: the deck is about it.
    const deck = [
      'The System Identifier is used when a POA&M is delivered without its SSP.',
      'OSCAL models describe assessments.',
      'The OSCAL POA&M model tracks findings.',
    ].map((text, i) => ({ ...passage(`s${i}`, text, 'POA&M model'), documentId: 'deck' }));
    const slide = 'When is the System Identifier used in the OSCAL POA&M model?';
    const answer = await answerer.answer({
      question: slide,
      standaloneQuestion: slide,
      history: [],
      passages: deck,
      termCounts: {
        chunks: 100,
        byWord: new Map([
          ['system', 5],
          ['identifier', 3],
          ['oscal', 10],
          ['poa', 6],
          ['model', 20],
        ]),
      },
    });
    expect(answer.text).toContain('System Identifier is used');
  });

  it('says plainly when nothing relevant is there', async () => {
    const answer = await answerer.answer({
      question: 'What is the capital of Mongolia?',
      standaloneQuestion: 'What is the capital of Mongolia?',
      history: [],
      passages,
    });
    expect(answer).toEqual(NOT_FOUND);
  });

  it('uses the standalone question for follow-ups', async () => {
    const answer = await answerer.answer({
      question: 'And when does it deploy?',
      standaloneQuestion: 'billing service And when does it deploy?',
      history: [{ question: 'Which port does the billing service use?', answer: 'Port 8431.' }],
      passages,
    });
    expect(answer.text).toContain('Deploys happen on Tuesdays');
  });

  it('keeps answers short', async () => {
    const long = passage(
      'long',
      Array.from(
        { length: 12 },
        (_, i) =>
          `Fact number ${i} about the retention policy is that records stay for ${i + 1} years.`,
      ).join(' '),
    );
    const answer = await new ExtractiveAnswerer({ ...fakeEmbedding, maxWords: 30 }).answer({
      question: 'How long do records stay under the retention policy?',
      standaloneQuestion: 'How long do records stay under the retention policy?',
      history: [],
      passages: [long],
    });
    expect(answer.text.split(' ').length).toBeLessThanOrEqual(30);
  });
});

describe('ExtractiveAnswerer across near-twin documents', () => {
  // Issue 13: two pages that differ by one word of their title and one of their text. The
  // question's distinguishing word ("wiki") is in one page's title; it must decide the answer,
  // whichever page retrieval ranks first.
  const wiki = passage(
    'wiki',
    'The wiki half of the concurrency test names the Lapwing depot.',
    'Concurrency Wiki Page',
  );
  const notion = passage(
    'notion',
    'The notion half of the concurrency test names the Dunlin depot.',
    'Concurrency Notion Page',
  );
  const answerer = new ExtractiveAnswerer(fakeEmbedding);

  it.each([
    ['wiki', 'Lapwing', 'Dunlin'],
    ['notion', 'Dunlin', 'Lapwing'],
  ])('answers the %s half with its own depot', async (half, depot, other) => {
    const question = `Which depot does the ${half} half of the concurrency test name?`;
    for (const passages of [
      [wiki, notion],
      [notion, wiki],
    ]) {
      const answer = await answerer.answer({
        question,
        standaloneQuestion: question,
        history: [],
        passages,
      });
      expect(answer.found).toBe(true);
      expect(answer.text).toContain(depot);
      expect(answer.text).not.toContain(other);
      expect(answer.usedPassageIds[0]).toBe(half);
    }
  });
});

describe('ExtractiveAnswerer reads document names as context', () => {
  it('splits a glued code in a file name: "rfc793-tcp.pdf" is about RFC 793', async () => {
    const answerer = new ExtractiveAnswerer(fakeEmbedding);
    const old = passage(
      'old',
      'For this specification the MSL is taken to be 2 minutes.',
      'rfc793-tcp.pdf',
    );
    const later = passage(
      'new',
      'For this specification the MSL is taken to be 3 minutes.',
      'rfc9293-tcp.pdf',
    );
    const question = 'What value does RFC 793 take for the MSL?';
    for (const passages of [
      [old, later],
      [later, old],
    ]) {
      const answer = await answerer.answer({
        question,
        standaloneQuestion: question,
        history: [],
        passages,
      });
      expect(answer.text).toContain('2 minutes');
    }
  });
});

describe('ExtractiveAnswerer sentence cache', () => {
  it('embeds each sentence once across answers', async () => {
    const embedded: string[] = [];
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      embedTexts: async (texts) => {
        embedded.push(...texts);
        return fakeEmbedding.embedTexts(texts);
      },
    });
    const request = {
      question: 'Which port does billing use?',
      standaloneQuestion: 'Which port does billing use?',
      history: [],
      passages,
    };
    const first = await answerer.answer(request);
    const count = embedded.length;
    const second = await answerer.answer({
      ...request,
      question: 'Who owns billing?',
      standaloneQuestion: 'Who owns billing?',
    });
    expect(count).toBeGreaterThan(0);
    expect(embedded).toHaveLength(count);
    expect(first.found && second.found).toBe(true);
  });
});

describe('ExtractiveAnswerer reads what kind of thing the question asks for', () => {
  const answerer = new ExtractiveAnswerer(fakeEmbedding);
  const ask = (question: string, passages: Passage[]) =>
    answerer.answer({ question, standaloneQuestion: question, history: [], passages });

  it('takes the list of as many things as "which three" asks for, with its lead-in', async () => {
    const answer = await ask('Which three new models does the assessment deck introduce?', [
      passage(
        'models',
        'The assessment deck introduces new models for assessors and new models for tools.\nThree New Models:\n- Assessment Plan\n- Assessment Results\n- Plan of Action and Milestones',
        'Assessment deck',
      ),
    ]);
    expect(answer.text).toBe(
      'Three New Models: Assessment Plan; Assessment Results; Plan of Action and Milestones',
    );
  });

  it('wants a month and a year for "in what month and year"', async () => {
    const answer = await ask('In what month and year was Special Publication 800-207 published?', [
      passage(
        'cover',
        'Special Publication 800-207 was published by NIST with errata in 2021. Special Publication 800-207, Zero Trust Architecture, August 2020',
        'Zero trust',
      ),
    ]);
    // The sentence with a year and no month leads (it says "published"); the next one, which has
    // both, completes it.
    expect(answer.text).toBe(
      'Special Publication 800-207 was published by NIST with errata in 2021. Special Publication 800-207, Zero Trust Architecture, August 2020',
    );
  });

  it('wants a rate or period for "how often"', async () => {
    const answer = await ask('How often must core controls be assessed?', [
      passage(
        'controls',
        'Core controls must be assessed by accredited assessors and their reviewers. Core controls are assessed every year.',
        'Extensions',
      ),
    ]);
    expect(answer.text).toContain('every year');
  });
});

describe('ExtractiveAnswerer and long table rows', () => {
  it('quotes the cell of a long row that answers, read with the cells that name the row', async () => {
    const description = Array.from(
      { length: 6 },
      (_, i) => `Clause ${i + 1} requires the operator to document procedure number ${i + 1}.`,
    ).join(' ');
    const header = 'ID | Control name | Description | Parameters';
    const rows = [
      `BK-1 | BACKUP POLICY | ${description} | BK-1 (a) [at least every 2 years]`,
      `RT-4 | RETENTION POLICY | ${description} | RT-4 (a) [at least every 5 years]`,
    ];
    const answerer = new ExtractiveAnswerer(fakeEmbedding);
    const question = 'How often must the retention policy be reviewed?';
    const answer = await answerer.answer({
      question,
      standaloneQuestion: question,
      history: [],
      passages: [passage('catalogue', [header, ...rows].join('\n'), 'Control catalogue')],
    });
    expect(answer.text).toBe('RT-4 (a) [at least every 5 years]');
  });
});

describe('ExtractiveAnswerer cost per answer', () => {
  it('embeds only the sentences its words put in contention', async () => {
    const embedded: string[] = [];
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      semanticCandidates: 3,
      embedTexts: async (texts) => {
        embedded.push(...texts);
        return fakeEmbedding.embedTexts(texts);
      },
    });
    const filler = Array.from(
      { length: 12 },
      (_, i) => `Unrelated note ${i} mentions the weather, lunch menus and parking rules.`,
    ).join(' ');
    const answer = await answerer.answer({
      question: 'Which port does the billing service listen on?',
      standaloneQuestion: 'Which port does the billing service listen on?',
      history: [],
      passages: [passage('notes', filler, 'Notes'), ...passages],
    });
    expect(answer.text).toContain('port 8431');
    expect(embedded).toHaveLength(3);
    expect(embedded.some((text) => text.includes('port 8431'))).toBe(true);
  });
});

describe('ExtractiveAnswerer identifier questions', () => {
  it('takes the sentence after the one that only names the thing asked for', async () => {
    const answerer = new ExtractiveAnswerer(fakeEmbedding);
    const answer = await answerer.answer({
      question: 'Which UUID is embedded in the middle of the paragraph?',
      standaloneQuestion: 'Which UUID is embedded in the middle of the paragraph?',
      history: [],
      passages: [
        passage(
          'paper',
          'Agents can be combined. Here is a random UUID in the middle of the paragraph! 314b0a30-5b04-470b-b9f7-eed2c2bec74a Multi-agent conversations can enable this partitioning.',
        ),
      ],
    });
    expect(answer.text).toContain('314b0a30-5b04-470b-b9f7-eed2c2bec74a');
  });
});

describe('ExtractiveAnswerer and a two-letter abbreviation or a year no passage holds', () => {
  const broadcast = passage(
    'broadcast',
    'In the United States, the game was televised by CBS, as part of a cycle between the three main broadcast television partners of the NFL.',
    'Super Bowl 50',
  );

  it('is "not found" when no passage writes it or spells it out', async () => {
    const question = 'How many broadcast television partners does the LP have?';
    expect(await askOver(question, [broadcast])).toEqual(NOT_FOUND);
  });

  it('is "not found" when the question names a year no passage holds', async () => {
    expect(
      await askOver('Which network televised the game in the US in 1950?', [broadcast]),
    ).toEqual(NOT_FOUND);
  });

  it('answers when a passage spells it out', async () => {
    const answer = await askOver('Which network televised the game in the US?', [broadcast]);
    expect(answer.text).toContain('CBS');
  });
});

describe('ExtractiveAnswerer and a verb with its preposition', () => {
  it('prefers, near the best, the sentence saying "intended for" to one saying "intended to"', async () => {
    const guide = passage(
      'guide',
      'This document is intended for technical staff and tool developers implementing solutions for OSCAL-based SSP content. It provides guidance and examples intended to guide an organization in the production and use of OSCAL-based SSP files.',
      'ssp-guide.docx',
    );
    const answer = await askOver('Who is the guide to OSCAL-based SSPs intended for?', [guide]);
    expect(answer.text).toBe(
      'This document is intended for technical staff and tool developers implementing solutions for OSCAL-based SSP content.',
    );
  });
});

describe('ExtractiveAnswerer and a step asked for by its place', () => {
  const runbook = passage(
    'runbook',
    '1. Drain the node from the load balancer with the drain command.\n2. Wait until the active connections gauge reads zero.\n3. Restart the kestrel-server unit and watch the health endpoint.\n\nTo roll back:\n1. Stop the new unit.\n2. Start the previous release.',
    'Kestrel runbook',
  );
  const ask = (question: string) =>
    askOver(question, [{ ...runbook, headings: 'Restarting a node' }]);

  it('answers with the numbered item in that place of the list the best sentence is in', async () => {
    const first = await ask('What is the first step when restarting a Kestrel node?');
    expect(first.text).toBe('Drain the node from the load balancer with the drain command.');
    expect(first.shortAnswer).toBeNull();
    expect((await ask('What is the second step when restarting a Kestrel node?')).text).toBe(
      'Wait until the active connections gauge reads zero.',
    );
    expect((await ask('What is the last step when restarting a Kestrel node?')).text).toBe(
      'Restart the kestrel-server unit and watch the health endpoint.',
    );
  });

  it('keeps the best sentence when the list has no item in that place', async () => {
    const answer = await ask('What is the sixth step when restarting the kestrel-server unit?');
    expect(answer.text).toBe('Restart the kestrel-server unit and watch the health endpoint.');
  });
});

describe('ExtractiveAnswerer and a thing named by the sentence after', () => {
  const question =
    'In which Schematron document are the constraints for system security plans found?';

  it('adds the next sentence when it refers back and names a thing of the kind asked for', async () => {
    const guide = passage(
      'guide',
      'Schematron constraints have thus far been for system security plan documents. They are found in a Schematron document ssp.sch. Each rule carries an identifier.',
      'writing-validations.md',
    );
    const answer = await askOver(question, [guide]);
    expect(answer.text).toBe(
      'Schematron constraints have thus far been for system security plan documents. They are found in a Schematron document ssp.sch.',
    );
    expect(answer.shortAnswer).toContain('ssp.sch');
  });

  it('quotes one sentence when it names the thing itself', async () => {
    const guide = passage(
      'guide',
      'The constraints for system security plans are found in the Schematron document ssp.sch. They are checked on every build.',
      'writing-validations.md',
    );
    const answer = await askOver(question, [guide]);
    expect(answer.text).toBe(
      'The constraints for system security plans are found in the Schematron document ssp.sch.',
    );
  });
});

describe('ExtractiveAnswerer with sentence vectors stored at ingestion', () => {
  const question = 'Which port does the billing service listen on?';
  /**
   * The passages with every sentence's vector stored, as an ingestion that pools spans leaves
   * them: the answerer's own chunk extras, encoded and read back.
   */
  const extras = new ExtractiveAnswerer(fakeEmbedding).chunkExtras;
  const stored = (vectorOf: (text: string) => Float32Array): Passage[] =>
    passages.map((p) => {
      const plan = extras.plan(p.text);
      return { ...p, extras: plan.encode(plan.spans.map(vectorOf)) ?? undefined };
    });

  function counting() {
    const calls = { texts: [] as string[], queries: 0 };
    const answerer = new ExtractiveAnswerer({
      embedTexts: async (texts) => {
        calls.texts.push(...texts);
        return fakeEmbedding.embedTexts(texts);
      },
      embedQuery: async (text) => {
        calls.queries += 1;
        return fakeEmbedding.embedQuery(text);
      },
    });
    return { answerer, calls };
  }

  it('embeds nothing when the sentences have stored vectors and the question vector is given', async () => {
    const { answerer, calls } = counting();
    const answer = await answerer.answer({
      question,
      standaloneQuestion: question,
      questionVector: bagOfWords(question),
      history: [],
      passages: stored((text) => bagOfWords(text)),
    });
    expect(answer.text).toContain('port 8431');
    expect(calls).toEqual({ texts: [], queries: 0 });
  });

  it('ranks by the stored vectors, not by embedding the text again', async () => {
    // Stored vectors that make the deploy sentence mean the question: meaning decides between
    // sentences the words favour alike, so the stored ones must be what is read.
    const { answerer } = counting();
    const target = 'Deploys happen on Tuesdays.';
    const answer = await answerer.answer({
      question: 'When does the billing service deploy and listen?',
      standaloneQuestion: 'When does the billing service deploy and listen?',
      questionVector: bagOfWords('zebra'),
      history: [],
      passages: stored((text) => bagOfWords(text === target ? 'zebra' : 'unrelated words')),
    });
    expect(answer.text).toContain(target);
  });

  it('embeds only the sentences without a stored vector (a collection ingested before)', async () => {
    const { answerer, calls } = counting();
    const mixed = stored((text) => bagOfWords(text));
    mixed[0] = { ...mixed[0]!, extras: undefined };
    const answer = await answerer.answer({
      question,
      standaloneQuestion: question,
      history: [],
      passages: mixed,
    });
    expect(answer.text).toContain('port 8431');
    expect(calls.queries).toBe(1);
    expect(calls.texts.length).toBeGreaterThan(0);
    expect(calls.texts.every((t) => passages[0]!.text.includes(t))).toBe(true);
  });
});

/** Asks a fresh question, with no history, over `passages`. */
function askOver(question: string, passages: Passage[]) {
  return new ExtractiveAnswerer(fakeEmbedding).answer({
    question,
    standaloneQuestion: question,
    history: [],
    passages,
  });
}

/** Asks a fresh question over `passages`, with the collection's document counts of some words. */
function askWithCounts(question: string, passages: Passage[], counts: Record<string, number>) {
  return new ExtractiveAnswerer(fakeEmbedding).answer({
    question,
    standaloneQuestion: question,
    history: [],
    passages,
    termCounts: { chunks: 500, byWord: new Map(Object.entries(counts)) },
  });
}

describe('ExtractiveAnswerer: an asked-for word the collection lacks (askedWordSimilarity)', () => {
  const styleGuide = [
    passage(
      'style',
      'Body text uses Inter at 15 pixels. Headings use Inter Display.',
      'Style guide',
    ),
  ];
  // The stand-in embedder reads "font" as typography's words and "moth" as an insect's.
  const meaning: Record<string, string> = { font: 'body text headings', moth: 'larva wings' };
  const embedding = {
    embedTexts: fakeEmbedding.embedTexts,
    embedQuery: async (text: string) => bagOfWords(meaning[text] ?? text),
  };
  const ask = (question: string, askedWordSimilarity?: number) =>
    new ExtractiveAnswerer({
      ...embedding,
      ...(askedWordSimilarity !== undefined && { askedWordSimilarity }),
    }).answer({
      question,
      standaloneQuestion: question,
      history: [],
      passages: styleGuide,
      termCounts: {
        chunks: 500,
        byWord: counts({ font: 0, moth: 0, body: 3, text: 12, use: 40 }),
      },
    });
  const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('answers when the word is near the answering sentence in meaning', async () => {
    const answer = await ask('Which font does body text use?', 0.15);
    expect(answer.found).toBe(true);
    expect(answer.text).toBe('Body text uses Inter at 15 pixels.');
  });

  it('says "not found" when it is not: the question was asked of another collection', async () => {
    const answer = await ask('Which moth does body text use?', 0.15);
    expect(answer).toEqual(NOT_FOUND);
    expect(answer.notFoundReason).toBe('asked-word-unrelated');
    // Unset (a model nobody measured), the page answers as before.
    expect((await ask('Which moth does body text use?')).found).toBe(true);
  });
});

describe('ExtractiveAnswerer: what a sentence holds of the question, written otherwise', () => {
  it('does not require "year" of "in what month and year": both describe the answer', async () => {
    const cover = [
      passage(
        'cover',
        'NIST Special Publication 800-207, Zero Trust Architecture, 59 pages (August 2020)',
        'nist-sp-800-207-zero-trust-architecture.pdf',
      ),
    ];
    const answer = await askWithCounts(
      'In what month and year was NIST Special Publication 800-207, Zero Trust Architecture, published?',
      cover,
      { nist: 40, special: 30, publication: 30, zero: 8, trust: 12, architecture: 9, year: 20 },
    );
    expect(answer.text).toContain('August 2020');
    // Only the nouns joined to the thing asked for describe it, not the question's subject.
    const opened = await askWithCounts(
      'In what month and year did the cafeteria open?',
      [passage('office', 'The Lisbon office opened in March 2021.', 'Lisbon office')],
      { cafeteria: 3, office: 40 },
    );
    expect(opened).toEqual(NOT_FOUND);
  });

  it('holds an abbreviated name ("Rev.") by the word it abbreviates ("Revision")', async () => {
    const table = (headings: string) => [
      {
        ...passage(
          'table',
          'Extended: Time to recovery is unpredictable; additional resources and outside help are needed.',
          'nist-sp-800-61-incident-handling-guide.pdf',
        ),
        headings,
      },
    ];
    const question =
      'In NIST SP 800-61 Rev. 2, which recoverability effort category means that time to recovery is unpredictable?';
    const counts = { nist: 80, rev: 3, recoverability: 2, effort: 6, category: 9, recovery: 5 };
    const found = await askWithCounts(
      question,
      table('Computer Security Incident Handling Guide, Revision 2'),
      counts,
    );
    expect(found.text).toContain('Extended');
    // No word of the page begins with "Rev": another edition's page.
    expect(
      await askWithCounts(question, table('Computer Security Incident Handling Guide'), counts),
    ).toEqual(NOT_FOUND);
    // A file named with its revision, as NIST names them: "sp-800-61r2".
    const revised = table('').map((p) => ({
      ...p,
      docName: 'nist-sp-800-61r2-incident-handling-guide.pdf',
    }));
    expect((await askWithCounts(question, revised, counts)).text).toContain('Extended');
  });

  it('holds an ordinal written in words ("4th" as "fourth"), not another one', async () => {
    const ratings = [
      passage(
        'abc',
        "In 2004, ABC's average viewership declined by ten ratings points, landing the network in fourth place, behind NBC, CBS and Fox.",
        'American Broadcasting Company',
      ),
    ];
    const counts = { abc: 60, viewership: 4, '4th': 3, '5th': 2, place: 20, networks: 30 };
    const fourth = await askWithCounts(
      "In what year did ABC's viewership end in 4th place behind the other major networks?",
      ratings,
      counts,
    );
    expect(fourth.text).toContain('In 2004');
    expect(
      await askWithCounts(
        "In what year did ABC's viewership end in 5th place behind the other major networks?",
        ratings,
        counts,
      ),
    ).toEqual(NOT_FOUND);
  });

  it('does not require what the question calls the document ("the presentation")', async () => {
    const slide = [
      passage(
        'slide',
        'Three New Models: Assessment Plan; Assessment Results; Plan of Action and Milestones',
        'nist-oscal-assessment-plan-results-poam.pptx',
      ),
    ];
    const counts = { oscal: 200, assessment: 30, presentation: 2, workshop: 2, models: 40 };
    const answer = await askWithCounts(
      'Which three new models does the OSCAL assessment presentation introduce?',
      slide,
      counts,
    );
    expect(answer.text).toContain('Assessment Plan');
    // A workshop is a thing of its own, which the slide does not mention.
    expect(
      await askWithCounts(
        'Which three new models does the OSCAL assessment workshop introduce?',
        slide,
        counts,
      ),
    ).toEqual(NOT_FOUND);
  });
});

describe('ExtractiveAnswerer and the kind of named thing asked for', () => {
  // After Apache's DSO page: a sentence about modules shares more words with the question than
  // the one naming the module.
  const dso = passage(
    'dso',
    'A module has to be compiled statically for loading on Unix.\n\n' +
      'DSO loading is provided by a module named mod_so, statically compiled.',
    'Dynamic Shared Object (DSO) Support',
  );

  it('answers "which module" with the sentence naming one', async () => {
    const answer = await askOver(
      'Which module has to be compiled statically for DSO loading to work?',
      [dso],
    );
    expect(answer.text).toContain('a module named mod_so');
    expect(answer.shortAnswer).toBe('mod_so');
  });
});

describe('ExtractiveAnswerer and the parameter asked about', () => {
  // After Python's shutil page: under the function's signature, a sentence naming the function
  // shares more words with the question than the one saying what the parameter does.
  const rmtree = {
    ...passage(
      'shutil',
      'Raises an auditing event shutil.rmtree with arguments path, dir_fd.\n\n' +
        'If ignore_errors is true, failed removals are skipped.',
      'shutil — High-level file operations',
    ),
    headings: 'shutil.rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None)',
  };

  it('answers with the sentence writing the parameter', async () => {
    const answer = await askOver('What does ignore_errors do in shutil.rmtree()?', [rmtree]);
    expect(answer.text).toBe('If ignore_errors is true, failed removals are skipped.');
    expect(answer.shortAnswer).toBeNull();
  });
});

describe('ExtractiveAnswerer and a question asking yes or no', () => {
  // After SQLite's core functions page: the sentence describing ifnull() shares more of the
  // question's words than the one ruling on it.
  const ifnull = passage(
    'corefunc',
    'The ifnull() function is equivalent to coalesce() with two arguments.\n\n' +
      'Ifnull() must have exactly 2 arguments.',
    'Built-In Scalar SQL Functions',
  );

  it('answers with the sentence that rules', async () => {
    const answer = await askOver(
      'Can I call ifnull() with three fallbacks the way I do with coalesce()?',
      [ifnull],
    );
    expect(answer.text).toBe('Ifnull() must have exactly 2 arguments.');
  });
});

describe('ExtractiveAnswerer and a question asking whether something still holds', () => {
  // After Apache's SSL FAQ and mod_ssl's page: the FAQ's advice shares the question's words.
  const faq = passage(
    'faq',
    'You need to include those intermediate certificates with the SSLCertificateChainFile directive.',
    'SSL/TLS Strong Encryption: FAQ',
  );
  const modSsl = passage(
    'mod_ssl',
    'SSLCertificateChainFile for intermediate certificates became obsolete with version 2.4.8.',
    'mod_ssl',
  );

  it('answers with the sentence saying it changed', async () => {
    const answer = await askOver(
      'Do I still need SSLCertificateChainFile for intermediate certificates?',
      [faq, modSsl],
    );
    expect(answer.text).toBe(
      'SSLCertificateChainFile for intermediate certificates became obsolete with version 2.4.8.',
    );
  });
});

describe('ExtractiveAnswerer and version notes', () => {
  // concurrent.futures: the 3.5 note shares more of the question's words than the 3.8 note
  // that changed the default again.
  const futures = {
    ...passage(
      'futures',
      'Modules have to be compiled for DSO to work.\n\n' +
        'Modules have to be compiled for DSO to work.\n\n' +
        'Modules have to be compiled for DSO to work.\n\n' +
        'Modules have to be compiled for DSO to work.\n\n' +
        'Changed in version 3.8: Default value of max_workers is changed to min(32, os.cpu_count() + 4).',
      'concurrent.futures',
    ),
    headings: 'ThreadPoolExecutor',
  };

  it('answers with the latest note about the thing asked', async () => {
    const answer = await askOver(
      'How many worker threads does ThreadPoolExecutor use if max_workers is not given?',
      [futures],
    );
    expect(answer.text).toBe(
      'Changed in version 3.8: Default value of max_workers is changed to min(32, os.cpu_count() + 4).',
    );
  });
});

describe('ExtractiveAnswerer and identifiers of one family', () => {
  it("does not quote a sentence about another publication of the question's series", async () => {
    const pdf = 'nist-sp-800-207-zero-trust-architecture.pdf';
    const cover = [
      passage(
        'refs',
        'NIST Special Publication (SP) 800-63-3 was published in June 2017, with updates as of March 2, 2020.',
        pdf,
      ),
      {
        ...passage('cover', '800-207, 59 pages (August 2020) CODEN: NSPUE2', pdf),
        headings: 'NIST Special Publication 800-207',
      },
    ];
    const answer = await askWithCounts(
      'In what month and year was NIST Special Publication 800-207 published?',
      cover,
      { nist: 40, special: 30, publication: 30, year: 20 },
    );
    expect(answer.text).toContain('August 2020');
    expect(answer.text).not.toContain('800-63-3');
  });

  it('reads the same identifier written with another dash as the same', async () => {
    const answer = await askWithCounts(
      '2011-12 saw ABC drop to 4th in ratings among what important demographic?',
      [
        passage(
          'abc',
          'The 2011–12 season saw ABC drop to fourth place in the 18–49 demographic despite renewing a handful of new shows.',
          'American Broadcasting Company',
        ),
      ],
      { abc: 60, '4th': 3, ratings: 20, demographic: 8 },
    );
    expect(answer.text).toContain('18–49 demographic');
  });
});

describe("ExtractiveAnswerer and the question's focus word", () => {
  const answerer = new ExtractiveAnswerer(fakeEmbedding);
  const ask = (question: string, passages: Passage[]) =>
    answerer.answer({ question, standaloneQuestion: question, history: [], passages });
  const plover = passage(
    'plover',
    'The web console at plover.internal shows every run of the last 90 days.',
    'Plover job scheduler',
  );
  const kestrel = passage(
    'kestrel',
    'Kestrel listens on TCP port 8470 for HTTP traffic. Its gRPC API listens on port 8471 and is only reachable from inside the cluster.',
    'Kestrel feature flag service',
  );

  it('answers with a sentence that names the thing asked for without calling it so', async () => {
    // "which team": the page names the team without calling it one (SQuAD, Super Bowl 50).
    const broncos = passage(
      'sb50',
      'The American Football Conference (AFC) champion Denver Broncos defeated the National Football Conference (NFC) champion Carolina Panthers 24–10 to earn their third Super Bowl title.',
      'Super Bowl 50',
    );
    const answer = await ask('Which team represented the AFC at Super Bowl 50?', [broncos]);
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('Denver Broncos');
  });

  it("quotes the asked thing's own port, not a neighbour's", async () => {
    const answer = await ask('Which port does Kestrel listen on?', [plover, kestrel]);
    expect(answer.text).toBe('Kestrel listens on TCP port 8470 for HTTP traffic.');
  });

  it('is "not found" when a twin\'s page says what is asked and more of the question', async () => {
    const answer = await ask('Which port does Plover listen on?', [plover, kestrel]);
    expect(answer.text).toBe(NOT_FOUND_ANSWER);
    expect(answer.notFoundReason).toBe('twin-states-focus');
  });

  it("answers when the other documents' sentences share no more of the question", async () => {
    // "which team": the page names the team; another page says "team" and nothing more asked.
    const broncos = passage(
      'sb50',
      'The American Football Conference (AFC) champion Denver Broncos defeated the Carolina Panthers 24–10 at Super Bowl 50.',
      'Super Bowl 50',
    );
    const other = passage('rugby', 'The team trained in Cardiff for two weeks.', 'Rugby World Cup');
    const answer = await ask('Which team represented the AFC at Super Bowl 50?', [broncos, other]);
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('Denver Broncos');
  });

  it('is "not found" when the sentence says neither the port asked for nor any number', async () => {
    const handshake = passage(
      'tls',
      'The TLS handshake negotiates the cipher suite. The reader should refer to the following references for analysis of the TLS handshake: [DFGS15], [CHSV16] and [KW16].',
      'RFC 8446 TLS 1.3',
    );
    const answer = await ask('Which port does the TLS 1.3 handshake use by default?', [handshake]);
    expect(answer.text).toBe(NOT_FOUND_ANSWER);
    expect(answer.notFoundReason).toBe('kind-not-held');
    // An identifier is no port either.
    const alert = passage(
      'tls-alert',
      'A TLS 1.3 handshake aborted by default sends "unsupported_certificate".',
      'RFC 8446 TLS 1.3',
    );
    expect(
      (await ask('Which port does the TLS 1.3 handshake use by default?', [alert])).notFoundReason,
    ).toBe('kind-not-held');
    // Said, the port answers.
    const port = passage(
      'tls-port',
      'A TLS 1.3 handshake by default uses 443.',
      'RFC 8446 TLS 1.3',
    );
    const found = await ask('Which port does the TLS 1.3 handshake use by default?', [port]);
    expect(found.shortAnswer).toBe('443');
  });

  it('passes over a sentence that only points to a figure for what it is about', async () => {
    const guide = passage(
      'guide',
      'Figure 3-1 illustrates the incident response life cycle. The cycle begins with preparation.',
      'Incident handling guide',
    );
    const answer = await ask('What does the incident response life cycle begin with?', [guide]);
    expect(answer.text).toBe('The cycle begins with preparation.');
    // Asked which figure, the figure's sentence answers.
    const figure = await ask('Which figure illustrates the incident response life cycle?', [guide]);
    expect(figure.shortAnswer).toBe('3-1');
  });

  it('passes over a heading line and a question, which say nothing of what they name', async () => {
    const rfc = passage(
      'rfc',
      'Initial Sequence Number Selection\nThe protocol places no restriction on reusing a connection. When a connection is created, a generator selects a new 32 bit initial sequence number.',
      'RFC 793',
    );
    const answer = await ask('What is the initial sequence number?', [rfc]);
    expect(answer.text).toBe(
      'When a connection is created, a generator selects a new 32 bit initial sequence number.',
    );
    const exercise = passage(
      'exercise',
      '4. Which personnel would be involved in the containment of a worm?\nThe incident response team contains a worm by isolating infected hosts.',
      'Incident handling guide',
    );
    const contained = await ask('Which personnel are involved in the containment of a worm?', [
      exercise,
    ]);
    expect(contained.text).toBe(
      'The incident response team contains a worm by isolating infected hosts.',
    );
  });

  it('reads an acronym written like a stopword ("ISN", not "isn\'t") as the thing asked about', async () => {
    const rfc = passage(
      'rfc-isn',
      'When new connections are created, an initial sequence number (ISN) generator is employed which selects a new 32 bit ISN.',
      'RFC 793',
    );
    const answer = await ask('What is the ISN?', [rfc]);
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('initial sequence number (ISN)');
    // What it is, not a span naming it again ("new 32 bit ISN").
    expect(answer.shortAnswer).toBe('initial sequence number');
  });

  it('reads the words of a snake_case name ("key_share") as words a question may say', async () => {
    const tls = passage(
      'tls-ext',
      "Every extension carries a two-byte length field. The key_share extension contains the endpoint's cryptographic parameters.",
      'RFC 8446 TLS 1.3',
    );
    const answer = await ask('Which extension carries the key shares?', [tls]);
    expect(answer.text).toBe(
      "The key_share extension contains the endpoint's cryptographic parameters.",
    );
  });

  it('quotes the next sentence of the block when it refers back and says what is asked', async () => {
    const printers = passage(
      'printers',
      'The Leeds printer is a Canon i-SENSYS MF643 by the reception desk. Its IP address is 10.30.4.15.',
      'Printer and AV setup.txt',
    );
    const answer = await ask("What is Canon i-SENSYS MF643's IP address?", [printers]);
    expect(answer.text).toContain('Its IP address is 10.30.4.15.');
  });
});

describe('ExtractiveAnswerer on follow-ups made standalone', () => {
  const answerer = new ExtractiveAnswerer(fakeEmbedding);

  it('reads the verb of "How much does Team cost per seat?" as a verb, not a missing thing', async () => {
    const pricing = passage(
      'pricing',
      'Plan | Monthly price per seat | Included storage\nTeam | €24 | 100 GB\nBusiness | €39 | 1 TB',
      'Pricing and plans',
    );
    const question = 'How much does Team cost per seat?';
    const answer = await answerer.answer({
      question,
      standaloneQuestion: question,
      history: [],
      passages: [pricing],
      // "cost" is in no chunk: read as a noun, it made the question "not found".
      termCounts: {
        chunks: 40,
        byWord: new Map([
          ['team', 3],
          ['cost', 0],
          ['seat', 2],
        ]),
      },
    });
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('€24');
  });

  it('holds "who owns" by an Owner column, and not by another column of the row', async () => {
    const rows = [
      'Event | Fired when | Owner',
      'report_viewed | A user opens a report | Team Atlas',
      'export_started | A user starts a CSV or Parquet export | Data Platform',
    ];
    const text = rows.join('\n');
    let at = 0;
    const layout = rows.map((row, i) => {
      const block = { kind: 'table_row' as const, start: at, end: at + row.length, table: 1 };
      at += row.length + 1;
      return i === 0 ? { ...block, header: true } : block;
    });
    const events = {
      ...passage('events', text, 'Analytics events dictionary'),
      layout: encodeChunkLayout(layout),
    };
    const question = 'Who owns report_viewed?';
    const answer = await answerer.answer({
      question,
      standaloneQuestion: question,
      history: [],
      passages: [events],
    });
    expect(answer.text).toBe('report_viewed — Owner: Team Atlas');
  });
});

describe('ExtractiveAnswerer and the sentence the one before it sets up', () => {
  const amazon = passage(
    'amazon',
    'For a long time, it was thought that the Amazon rainforest was only ever sparsely populated, as it was impossible to sustain a large population through agriculture given the poor soil. Archaeologist Betty Meggers was a prominent proponent of this idea. She claimed that a population density of 0.2 inhabitants per square kilometre is the maximum that can be sustained in the rainforest through hunting.',
    'Amazon rainforest',
  );
  const question =
    'Which archaeologist was a proponent of the idea that the Amazon rainforest was sparsely populated?';
  const ask = (answerer: ExtractiveAnswerer) =>
    answerer.answer({ question, standaloneQuestion: question, history: [], passages: [amazon] });

  it('quotes the sentence that answers what the previous one restates', async () => {
    const answer = await ask(new ExtractiveAnswerer(fakeEmbedding));
    expect(answer.text).toBe('Archaeologist Betty Meggers was a prominent proponent of this idea.');
  });

  it('without the previous sentence’s words, quotes the restatement', async () => {
    const answer = await ask(
      // The question's names count for more here than by default, as they did before the
      // weights were fitted: then only the previous sentence's words tell the two apart.
      new ExtractiveAnswerer({ ...fakeEmbedding, weights: { previous: 0, names: 0.15 } }),
    );
    expect(answer.text).toContain('impossible to sustain a large population');
  });
});

describe('ExtractiveAnswerer reads a table as a person does', () => {
  const table = (rows: string[]) => {
    let at = 0;
    const layout = rows.map((row, i) => {
      const block = { kind: 'table_row' as const, start: at, end: at + row.length, table: 1 };
      at += row.length + 1;
      return i === 0 ? { ...block, header: true } : block;
    });
    return {
      ...passage('teams', rows.join('\n'), 'Teams'),
      layout: encodeChunkLayout(layout),
    };
  };
  const ask = (question: string, rows: string[]) => askOver(question, [table(rows)]);
  const teams = [
    'Team | Office | Lead',
    'Team Atlas | Lisbon | Ana Lima',
    'Team Borealis | Leeds | Tom Hadley',
  ];

  it('answers "not found" when no column is the thing asked for', async () => {
    expect(await ask('Which Slack channel does Team Atlas use?', teams)).toEqual(NOT_FOUND);
    const withChannel = [
      'Team | Office | Slack channel',
      'Team Atlas | Lisbon | #team-atlas',
      'Team Borealis | Leeds | #borealis',
    ];
    expect((await ask('Which Slack channel does Team Atlas use?', withChannel)).text).toBe(
      'Team Atlas — Slack channel: #team-atlas',
    );
  });

  it('answers "not found" when no row is the thing asked about', async () => {
    const targets = [
      'Priority | First reply | Resolution',
      'Urgent | 1 hour | 8 hours',
      'High | 4 hours | 2 business days',
    ];
    expect(await ask('What is the first reply target for low priority tickets?', targets)).toEqual(
      NOT_FOUND,
    );
    expect(
      (await ask('What is the first reply target for high priority tickets?', targets)).text,
    ).toBe('High — First reply: 4 hours');
  });

  it('answers "not found" to "who approves…" from a sentence that names no one and not the act', async () => {
    const pricing = passage(
      'pricing',
      'Annual billing gives a 15 percent discount on every plan. Prices are in euros.',
      'Pricing',
    );
    const question = 'Who approves discounts above 15 percent?';
    const answer = await askOver(question, [pricing]);
    expect(answer).toEqual(NOT_FOUND);
  });
});

/** A chunk of term descriptions ("term: description" lines), laid out as the wiki walker does. */
function termsPassage(
  id: string,
  docName: string,
  headings: string,
  terms: Array<[string, string]>,
): Passage {
  let text = '';
  const layout = terms.map(([term, description]) => {
    if (text !== '') text += '\n';
    const start = text.length;
    text += `${term}: ${description}`;
    return {
      kind: 'callout' as const,
      start,
      end: text.length,
      markup: [[start, start + term.length + 2] as [number, number]],
      label: term,
      term: true,
    };
  });
  return { ...passage(id, text, docName), headings, layout: encodeChunkLayout(layout) };
}

describe('ExtractiveAnswerer and the option a question names', () => {
  // pg_dump(1): "-f" says more of the question's words ("output") than "-a", which it asks of.
  const dump = termsPassage('pg_dump-options', 'pg_dump', 'Options', [
    [
      '-f file --file=file',
      'Send output to the specified file. This parameter can be omitted for file based output formats, in which case the standard output is used.',
    ],
    [
      '-a --data-only',
      'Dump only the data, not the schema (data definitions). Table data and sequence values are dumped.',
    ],
  ]);
  it("answers with the first sentence of the option's own description", async () => {
    // "output" is on most pages of the manual.
    const answer = await askWithCounts('What ends up in the output of pg_dump -a?', [dump], {
      ends: 30,
      output: 60,
      pg_dump: 4,
    });
    expect(answer.text).toBe('Dump only the data, not the schema (data definitions).');
  });
});

describe("ExtractiveAnswerer and an option's description", () => {
  // git-stash(1) as a wiki page: each option a bold name, its description under it.
  const stash = termsPassage('stash', 'git-stash(1)', 'OPTIONS', [
    ['-a, --all', 'All ignored and untracked files are also stashed and cleaned up.'],
    ['-S, --staged', 'Stash only the changes that are currently staged.'],
  ]);
  const { text } = stash;
  const ask = (question: string) => askOver(question, [stash]);

  it('names the option when the question asks which option', async () => {
    const answer = await ask('Which git stash option stashes only the staged changes?');
    expect(answer.text).toBe('-S, --staged: Stash only the changes that are currently staged.');
    expect(answer.shortAnswer).toBe('--staged');
    const [quote] = answer.quotes ?? [];
    expect(text.slice(quote!.start, quote!.end)).toBe(answer.text);
  });

  it("reports a description's term with the ranked sentence", async () => {
    let terms: Array<string | undefined> = [];
    const question = 'Which git stash option stashes only the staged changes?';
    await new ExtractiveAnswerer({
      ...fakeEmbedding,
      onRanked: (ranked) => (terms = ranked.map((s) => s.term)),
    }).answer({ question, standaloneQuestion: question, history: [], passages: [stash] });
    expect(terms).toEqual(['-S, --staged', '-a, --all']);
  });

  it('quotes the sentence alone when the question names the option already', async () => {
    // "How do I…" asks for a way, which an option is: only naming it keeps the term off.
    const answer = await ask('How do I stash the staged changes with --staged?');
    expect(answer.text).toBe('Stash only the changes that are currently staged.');
  });
});

describe('ExtractiveAnswerer and an exception asked for', () => {
  // json's loads(): a sentence on raising "an exception" holds more of the question's words than
  // the one naming the class raised.
  const json = passage(
    'json',
    'Modules have to be compiled for DSO to work.\n\n' +
      'Invalid JSON raises a JSONDecodeError exception.',
    'json',
  );

  it('answers with the sentence naming the class of exception raised', async () => {
    const answer = await askOver('Which exception does loads() raise on invalid JSON?', [json]);
    expect(answer.text).toBe('Invalid JSON raises a JSONDecodeError exception.');
  });
});

describe('ExtractiveAnswerer and one-letter options', () => {
  // psql(1): "-x" and "-X" are two options; the letter alone is not what names either.
  const psql = termsPassage('psql-options', 'psql', 'Options', [
    ['-x --expanded', 'Turn on the expanded table formatting mode.'],
    ['-X --no-psqlrc', 'Do not read the start-up file.'],
  ]);

  it('answers for the option in the case the question writes it', async () => {
    expect((await askOver('What does the -X flag of psql do?', [psql])).text).toBe(
      'Do not read the start-up file.',
    );
    expect((await askOver('What does the -x flag of psql do?', [psql])).text).toBe(
      'Turn on the expanded table formatting mode.',
    );
  });
});

describe("ExtractiveAnswerer and a subcommand's description", () => {
  // git-stash(1)'s commands: each a term, its description under it. "apply" speaks of "pop" by
  // name; "pop"'s own description never says the word.
  const stash = termsPassage('stash-commands', 'git-stash(1)', 'COMMANDS', [
    [
      'apply [--index] [-q|--quiet] [<stash>]',
      'Like pop, but do not remove the state from the stash list. Unlike pop, <stash> may be any commit that looks like a commit created by stash push or stash create.',
    ],
    [
      'pop [--index] [-q|--quiet] [<stash>]',
      'Remove a single stashed state from the stash list and apply it on top of the current working tree state. The working directory must match the index.',
    ],
  ]);

  it('answers "What does git stash pop do?" with the first sentence of pop\'s description', async () => {
    const answer = await askOver('What does git stash pop do?', [stash]);
    expect(answer.text).toBe(
      'Remove a single stashed state from the stash list and apply it on top of the current working tree state.',
    );
    expect(answer.shortAnswer).toBeNull();
  });

  it('opens an option by its first sentence, not by where its description goes on after code', async () => {
    // git-commit(1)'s --amend: its description, an example in a code block, then the rest of
    // the description under the same term.
    const first = '--amend: Replace the tip of the current branch by creating a new commit.';
    const code = '$ git reset --soft HEAD^';
    const rest = '--amend: but can be used to amend a merge commit.';
    const text = `${first}\n${code}\n${rest}`;
    const restAt = first.length + code.length + 2;
    const amend = {
      ...passage('commit-amend', text, 'git-commit(1)'),
      headings: 'OPTIONS > --amend',
      layout: encodeChunkLayout([
        {
          kind: 'callout' as const,
          start: 0,
          end: first.length,
          markup: [[0, 9]],
          label: '--amend',
          term: true,
        },
        { kind: 'code' as const, start: first.length + 1, end: first.length + 1 + code.length },
        {
          kind: 'callout' as const,
          start: restAt,
          end: text.length,
          markup: [[restAt, restAt + 9]],
          label: '--amend',
          term: true,
        },
      ]),
    };
    const answer = await askOver('What does git commit --amend do?', [amend]);
    expect(answer.text).toBe('Replace the tip of the current branch by creating a new commit.');
  });

  it('answers it from a section titled by the subcommand, as a wiki page writes it', async () => {
    // The git manual as a Confluence space: each command a heading, its description under it.
    const apply = {
      ...passage(
        'stash-apply',
        'Like pop, but do not remove the state from the stash list. Unlike pop, <stash> may be any commit that looks like a commit created by stash push or stash create.',
        'git-stash(1)',
      ),
      headings: 'COMMANDS > apply [--index] [-q|--quiet] [<stash>]',
    };
    const pop = {
      ...passage(
        'stash-pop',
        'Remove a single stashed state from the stash list and apply it on top of the current working tree state. The working directory must match the index.',
        'git-stash(1)',
      ),
      headings: 'COMMANDS > pop [--index] [-q|--quiet] [<stash>]',
    };
    const answer = await askOver('What does git stash pop do?', [apply, pop]);
    expect(answer.text).toBe(
      'Remove a single stashed state from the stash list and apply it on top of the current working tree state.',
    );
  });
});

describe("ExtractiveAnswerer and a setting's default", () => {
  // git-config(1) as a wiki page: the setting's name a bold term, its description under it; the
  // default is a sentence of its own that names neither the setting nor what it counts.
  const setting = (term: string, description: string): Passage => {
    const text = `${term}: ${description}`;
    return {
      ...passage(term, text, 'git-config(1)'),
      headings: 'CONFIGURATION FILE > Variables',
      layout: encodeChunkLayout([
        {
          kind: 'callout' as const,
          start: 0,
          end: text.length,
          markup: [[0, term.length + 2] as [number, number]],
          label: term,
          term: true,
        },
      ]),
    };
  };
  const gcAuto = setting(
    'gc.auto',
    'When there are approximately more than this many loose objects in the repository, git gc ' +
      '--auto will pack them. The default value is 6700. Setting this to 0 disables not only ' +
      'automatic packing based on the number of loose objects, but also any other heuristic git ' +
      'gc --auto will otherwise use.',
  );
  const gpgFormat = setting(
    'gpg.format',
    'Specifies which key format to use when signing with --gpg-sign. Default is "openpgp". Other ' +
      'possible values are "x509", "ssh".',
  );
  const ask = (question: string, passages: Passage[] = [gcAuto]) => askOver(question, passages);

  it('answers a question asking for the default with the sentence stating it, alone', async () => {
    const answer = await ask(
      'How many loose objects does it take before git gc --auto packs them by default?',
    );
    expect(answer.text).toMatch(/The default value is 6700\.$/);
    expect(answer.text).not.toContain('Setting this to 0');
    expect(answer.shortAnswer).toBe('6700');
  });

  it('takes a default of any form when the question asks which one', async () => {
    const answer = await ask('Which key format does Git sign with by default?', [gpgFormat]);
    expect(answer.text).toMatch(/^(?:gpg\.format: )?Default is "openpgp"\.$/);
  });

  it('keeps the sentence on what a setting does by default when no value is asked', async () => {
    const answer = await ask(
      'What does git gc --auto do by default when there are too many loose objects?',
    );
    expect(answer.text).not.toMatch(/^(?:gc\.auto: )?The default value is 6700\.$/);
  });

  it("takes the property from a follow-up's history", async () => {
    const question = 'And for gc.auto?';
    const answer = await new ExtractiveAnswerer(fakeEmbedding).answer({
      question,
      standaloneQuestion: 'What is the default value for gc.auto?',
      history: [
        { question: 'What is the default value of gc.autoPackLimit?', answer: 'It is 50.' },
      ],
      passages: [gcAuto],
    });
    expect(answer.text).toMatch(/The default value is 6700\.$/);
  });

  it('keeps the sentence on what the setting does when the question asks no default', async () => {
    const answer = await ask('What does setting gc.auto to 0 disable?');
    expect(answer.text).toContain('Setting this to 0 disables');
  });
  it('takes the default from a paragraph of its own when the description is no term', async () => {
    // zlib's compress() as a page of paragraphs: the level's default stands apart from the
    // sentence that best matches the question.
    const zlib = passage(
      'zlib',
      'Modules have to be compiled for DSO to work.\n\n' + 'The default level is -1.',
      'zlib',
    );
    const answer = await ask('What compression level does compress() use if I do not pass one?', [
      zlib,
    ]);
    expect(answer.text).toBe('The default level is -1.');
  });
});

describe('ExtractiveAnswerer and a sentence that introduces what is asked', () => {
  const cloud = passage(
    'cloud',
    'The cloud infrastructure can be viewed as containing both a physical layer and an ' +
      'abstraction layer. The physical layer consists of the hardware resources that are ' +
      'necessary to support the cloud services being provided. The abstraction layer consists ' +
      'of the software deployed across the physical layer. The abstraction layer is what the ' +
      'consumer sees of the cloud.',
    'nist-sp-800-145.pdf',
  );
  const ask = (question: string) => askOver(question, [cloud]);

  it('adds the next sentence when it opens on the phrase the first one only mentions', async () => {
    const answer = await ask('What is the physical layer of a cloud infrastructure made of?');
    expect(answer.text).toContain('The physical layer consists of the hardware resources');
    expect(answer.text).not.toContain('abstraction layer consists');
  });

  it('does not add a next sentence that names the phrase only further in', async () => {
    const pick = passage(
      'pick',
      'When recording the commit, append a line that says "cherry picked from commit" to the ' +
        'original commit message. This is done only for cherry picks without conflicts.',
      'git-cherry-pick(1)',
    );
    const question = 'Which line records the original commit of a cherry pick in the message?';
    const answer = await askOver(question, [pick]);
    expect(answer.text).not.toContain('This is done only');
  });

  it('adds nothing when the best sentence holds the kind of thing asked for', async () => {
    const tower = passage(
      'tower',
      "Gustave Eiffel's company built the Eiffel Tower in 1889. The Eiffel Tower is 330 metres tall.",
      'eiffel-tower',
    );
    const question = 'When was the Eiffel Tower built?';
    const answer = await askOver(question, [tower]);
    expect(answer.text).toBe("Gustave Eiffel's company built the Eiffel Tower in 1889.");
  });

  it('quotes one sentence when the best one opens on the phrase itself', async () => {
    const answer = await ask('What does the abstraction layer consist of?');
    expect(answer.text).toBe(
      'The abstraction layer consists of the software deployed across the physical layer.',
    );
  });
});

describe('ExtractiveAnswerer and a lead-in', () => {
  // A PDF's numbered list: each item a paragraph of its own, after a sentence ending in a colon.
  const paragraphs = [
    'A zero trust architecture is designed and deployed with adherence to the following zero trust basic tenets:',
    '1. All data sources and computing services are considered resources. A network may be composed of multiple classes of devices.',
    '2. All communication is secured regardless of network location. Network location alone does not imply trust.',
  ];
  let text = '';
  const layout = paragraphs.map((paragraph) => {
    if (text !== '') text += '\n';
    const start = text.length;
    text += paragraph;
    return { kind: 'paragraph' as const, start, end: text.length };
  });
  const tenets = {
    ...passage('tenets', text, 'nist-sp-800-207.pdf'),
    layout: encodeChunkLayout(layout),
  };

  it('answers with what follows the lead-in, each item by its first sentence', async () => {
    const question = 'What are the basic tenets of zero trust?';
    const answer = await askOver(question, [tenets]);
    expect(answer.text).toBe(
      'A zero trust architecture is designed and deployed with adherence to the following zero ' +
        'trust basic tenets: 1. All data sources and computing services are considered resources. ' +
        '2. All communication is secured regardless of network location.',
    );
    expect(answer.quotes).toHaveLength(3);
  });
});

describe('ExtractiveAnswerer ranking report', () => {
  it('reports every candidate sentence best first, with the signals it was ranked by', async () => {
    const reports: Array<Array<{ text: string; score: number; cue: number; lacksCue: number }>> =
      [];
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      onRanked: (ranked) =>
        reports.push(
          ranked.map((s) => ({
            text: s.text,
            score: s.score,
            cue: s.signals.cue,
            lacksCue: s.signals.lacksCue,
          })),
        ),
    });
    const answer = await answerer.answer({
      question: 'Which port does the billing service listen on?',
      standaloneQuestion: 'Which port does the billing service listen on?',
      history: [],
      passages,
    });
    expect(reports).toHaveLength(1);
    const [ranked] = reports;
    expect(ranked![0]!.text).toBe(answer.text);
    expect(ranked!.map((s) => s.score)).toEqual(
      [...ranked!.map((s) => s.score)].sort((a, b) => b - a),
    );
    expect(ranked![0]).toMatchObject({ cue: 1, lacksCue: 0 });
    expect(ranked!.find((s) => s.text === 'Deploys happen on Tuesdays.')).toMatchObject({
      cue: 0,
      lacksCue: 1,
    });
  });
});

describe('ExtractiveAnswerer: asked what a thing is', () => {
  const incidents = [
    passage(
      'sources',
      'Common Sources of Precursors and Indicators\nTable 3-2 lists common sources of precursors and indicators for each category.',
      'incident-handling.pdf',
    ),
    passage(
      'signs',
      'Signs of an incident fall into one of two categories: precursors and indicators. A precursor is a sign that an incident may occur in the future. An indicator is a sign that an incident may have occurred or may be occurring now.',
      'incident-handling.pdf',
    ),
  ];

  it('answers with the sentence defining it, not one that only mentions it, and no short answer', async () => {
    const answer = await askOver('What is a precursor?', incidents);
    expect(answer.text).toBe('A precursor is a sign that an incident may occur in the future.');
    expect(answer.shortAnswer).toBeNull();
  });

  it('asked "What is the X?", answers with a sentence defining X near the best, whole', async () => {
    const zta = [
      passage(
        'inputs',
        'The policy engine takes input from multiple sources, such as the policy database and threat intelligence feeds.',
        'zero-trust.pdf',
      ),
      passage(
        'components',
        'Policy engine (PE): This component is responsible for the ultimate decision to grant access to a resource for a given subject.',
        'zero-trust.pdf',
      ),
    ];
    const answer = await askOver('What is the policy engine?', zta);
    expect(answer.text).toMatch(/^Policy engine \(PE\): This component is responsible/);
    expect(answer.shortAnswer).toBeNull();
  });

  it('prefers the sentence saying what the thing is to one saying what it does', async () => {
    const paper = [
      passage(
        'abstract',
        'AutoGen serves as a generic framework for building diverse applications of various complexities. AutoGen is an open-source framework that allows developers to build LLM applications via multiple agents.',
        'autogen-paper.docx',
      ),
    ];
    const answer = await askOver('What is AutoGen?', paper);
    expect(answer.text).toBe(
      'AutoGen is an open-source framework that allows developers to build LLM applications via multiple agents.',
    );
  });

  it('answers what a thing is used for with the sentence saying what it is, ranked well below', async () => {
    const paper = [
      passage(
        'abstract',
        'Both natural language and computer code can be used to program flexible conversation patterns for different applications. AutoGen is an open-source framework for multi-agent conversations.',
        'autogen-paper.docx',
      ),
    ];
    const answer = await askOver('What is AutoGen used for?', paper);
    expect(answer.text).toBe('AutoGen is an open-source framework for multi-agent conversations.');
  });

  it('answers what a word means in a document with the line giving it its meaning', async () => {
    const lines = [
      'Throughout this document, the following words are used to differentiate between requirements, recommendations, and options.',
      'must: Indicates a required action.',
      'should: Indicates a recommended action, but not necessarily required.',
      'may: Indicates an optional action.',
    ];
    let at = 0;
    const layout = lines.map((line) => {
      const block = { kind: 'paragraph' as const, start: at, end: at + line.length };
      at += line.length + 1;
      return block;
    });
    const glossary = [
      {
        ...passage('terms', lines.join('\n'), 'ssp-guide.docx'),
        layout: encodeChunkLayout(layout),
      },
    ];
    const answer = await askOver(
      'In the SSP guide, what does the word "should" indicate?',
      glossary,
    );
    expect(answer.text).toBe(
      'should: Indicates a recommended action, but not necessarily required.',
    );
    expect(answer.shortAnswer).toBeNull();
  });

  it('answers what an abbreviation stands for with the sentence spelling it out, or not at all', async () => {
    const zta = [
      passage(
        'model',
        'In this deployment model, the PEP is a single component that acts as a gateway. The PEP forwards each request to the PDP.',
        'zero-trust.pdf',
      ),
      passage(
        'core',
        'Access is granted through a policy decision point (PDP) and a corresponding policy enforcement point (PEP).',
        'zero-trust.pdf',
      ),
    ];
    const answer = await askOver('What does PEP stand for?', zta);
    expect(answer.found).toBe(true);
    expect(answer.shortAnswer).toBe('policy enforcement point');
    expect(answer.usedPassageIds).toEqual(['core']);
    const unspelt = await askOver('What does PEP stand for?', [zta[0]!]);
    expect(unspelt).toEqual(NOT_FOUND);
    expect(unspelt.notFoundReason).toBe('no-expansion');
  });
});

describe('ExtractiveAnswerer: "What is the X?" of a value', () => {
  it('keeps the value as the short answer when the sentence states it', async () => {
    const answer = await askOver('What is the default lock timeout?', [
      passage(
        'locks',
        'The default lock timeout is 2 minutes. Long transactions may need more.',
        'locking',
      ),
    ]);
    expect(answer.text).toBe('The default lock timeout is 2 minutes.');
    expect(answer.shortAnswer).toBe('2 minutes');
  });
});

describe('ExtractiveAnswerer: an option the passages lack', () => {
  it('is "not found" when no passage holds the long option asked about, though its words are there', async () => {
    const manual = [
      passage(
        'clone',
        '--depth <depth>: Create a shallow clone with a history truncated to the specified number of commits. Tags are fetched as usual.',
        'git-clone',
      ),
    ];
    const missing = await askOver('What does git clone --shallow-tags do?', manual);
    expect(missing).toEqual(NOT_FOUND);
    expect(missing.notFoundReason).toBe('absent-subject');
    const held = await askOver('What does git clone --depth do?', manual);
    expect(held.found).toBe(true);
  });
});

describe('ExtractiveAnswerer: what a section says once', () => {
  /** One section's paragraphs, each its own block. */
  const section = (id: string, paragraphs: string[], docName: string) => {
    let at = 0;
    const layout = paragraphs.map((text) => {
      const block = { kind: 'paragraph' as const, start: at, end: at + text.length };
      at += text.length + 2;
      return block;
    });
    return {
      ...passage(id, paragraphs.join('\n\n'), docName),
      headings: 'Video calls',
      layout: encodeChunkLayout(layout),
    };
  };
  const rooms = section(
    'rooms',
    [
      'Every meeting room with video uses a Logitech Rally Bar. Start a call by tapping the calendar entry on the touch panel.',
      'If the screen stays black, hold the power button of the Rally Bar for ten seconds.',
    ],
    'Office equipment',
  );
  const counts = { meeting: 3, room: 12, screen: 4, black: 2, power: 6 };

  it('takes the thing a paragraph before names for what the next one is about', async () => {
    const answer = await askWithCounts(
      'What do I do when the meeting room screen stays black?',
      [rooms],
      counts,
    );
    expect(answer.text).toBe(
      'If the screen stays black, hold the power button of the Rally Bar for ten seconds.',
    );
  });

  it("lends no table row's words, and a toggle keeps to its own title", async () => {
    const rows = [
      'Plan | Price per seat | Included storage',
      'Starter | €12 | 10 GB',
      'Team | €24 | 100 GB',
    ];
    const trial = 'Every plan starts with a 21-day free trial without a credit card.';
    const text = `${rows.join('\n')}\n\n${trial}`;
    let at = 0;
    const layout = rows.map((row, i) => {
      const block = { kind: 'table_row' as const, start: at, end: at + row.length, table: 1 };
      at += row.length + 1;
      return i === 0 ? { ...block, header: true } : block;
    });
    const pricing = (kind: 'paragraph' | 'callout') => ({
      ...passage('pricing', text, 'Pricing plans'),
      layout: encodeChunkLayout([
        ...layout,
        {
          kind,
          start: at + 1,
          end: at + 1 + trial.length,
          ...(kind === 'callout' && { label: 'Do we offer a free trial?' }),
        },
      ]),
    });
    const question = 'How much storage does the Free plan include?';
    // As in the Notion fixture: no page says "much", so the rarest word stays required.
    const counts = { much: 0, free: 8, plan: 5, storage: 2, include: 2 };
    for (const kind of ['paragraph', 'callout'] as const) {
      expect(await askWithCounts(question, [pricing(kind)], counts)).toEqual(NOT_FOUND);
    }
  });

  it('never takes a name from the paragraph before', async () => {
    const printers = section(
      'printers',
      [
        'The Lisbon printer is a Brother HL-L8360 on the second floor.',
        'The Leeds printer is a Canon i-SENSYS MF643 by the reception desk.',
        'Its IP address is 10.30.4.15.',
      ],
      'Office equipment',
    );
    const answer = await askWithCounts("What is the Porto printer's IP address?", [printers], {
      porto: 1,
      printer: 4,
      ip: 6,
      address: 8,
    });
    expect(answer.found).toBe(false);
  });
});

describe('ExtractiveAnswerer with a relevance model (rankSentences)', () => {
  const ask = {
    question: 'Who takes billing escalations?',
    standaloneQuestion: 'Who takes billing escalations?',
    history: [],
    passages,
  };
  const prefersFalcon = async (_question: string, sentences: string[]) =>
    sentences.map((s) => (s.includes('team Falcon') ? 5 : 0));

  it("answers with the relevance model's pick among the answerer's best few", async () => {
    const seen: Array<{ question: string; sentences: string[] }> = [];
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      rerankedCandidates: 3,
      // Weighed far above the answerer's own score: the model decides.
      rerankWeight: 10,
      rankSentences: async (question, sentences) => {
        seen.push({ question, sentences });
        return prefersFalcon(question, sentences);
      },
    });
    const answer = await answerer.answer(ask);
    expect(answer.text).toBe('The on-call rotation for billing is owned by team Falcon.');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.question).toBe(ask.standaloneQuestion);
    expect(seen[0]!.sentences).toHaveLength(3);
    // Its own pick comes first among them.
    expect(seen[0]!.sentences[0]).toContain('Maria Chen');
  });

  it("keeps the answerer's order where the model does not tell the sentences apart", async () => {
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      rankSentences: async (_question, sentences) => sentences.map(() => 0),
    });
    const answer = await answerer.answer(ask);
    expect(answer.text).toContain('Maria Chen');
  });

  it("weighs the model against the answerer: at weight 0 the order is the answerer's", async () => {
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      rerankWeight: 0,
      rankSentences: prefersFalcon,
    });
    expect((await answerer.answer(ask)).text).toContain('Maria Chen');
  });

  it('reads only the sentences its weight could lift above the first', async () => {
    let scores: number[] = [];
    await new ExtractiveAnswerer({
      ...fakeEmbedding,
      onRanked: (ranked) => (scores = ranked.map((c) => c.score)),
    }).answer(ask);
    expect(scores.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = scores as [number, number, number];
    expect(second).toBeGreaterThan(third);
    const seen: string[][] = [];
    const reading = (rerankWeight: number) =>
      new ExtractiveAnswerer({
        ...fakeEmbedding,
        rerankWeight,
        rankSentences: async (question, sentences) => {
          seen.push(sentences);
          return prefersFalcon(question, sentences);
        },
      }).answer(ask);
    // Between the second's and the third's distance from the first: two are read.
    await reading((first - second + (first - third)) / 2);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(2);
    // Below the second's distance no sentence can overtake the first: the model is not asked.
    await reading((first - second) / 2);
    expect(seen).toHaveLength(1);
  });

  it("leaves a question that writes a setting's or file's name to the answerer's words", async () => {
    const passagesOfGit = [
      passage(
        'pack',
        'pack.window: The size of the window used by git-pack-objects when no window size is given on the command line. It defaults to 10. ' +
          'pack.windowMemory: The maximum size of memory that is consumed by each thread for pack window memory. The default is taken from the pack.windowMemory configuration variable.',
        'git-config',
      ),
      passage(
        'ignore',
        'A line starting with # serves as a comment in a .gitignore file. Put a backslash in front of the first hash for patterns that begin with a hash.',
        'gitignore',
      ),
    ];
    const asked: string[] = [];
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      rerankWeight: 10,
      rankSentences: async (question, sentences) => {
        asked.push(question);
        return sentences.map((s) => (/taken from|backslash/.test(s) ? 5 : 0));
      },
    });
    const answerOf = async (question: string) =>
      (
        await answerer.answer({
          question,
          standaloneQuestion: question,
          history: [],
          passages: passagesOfGit,
        })
      ).text;
    expect(await answerOf('What is the default pack.window?')).not.toContain('taken from');
    expect(await answerOf('How do I write a comment in a .gitignore file?')).toContain(
      'serves as a comment',
    );
    expect(asked).toEqual([]);
    // Without a written name the model is asked.
    await answerOf('What is the default size of the pack window?');
    expect(asked).toEqual(['What is the default size of the pack window?']);
  });

  it('never reaches past the best few: a sentence below them stays unread', async () => {
    const answerer = new ExtractiveAnswerer({
      ...fakeEmbedding,
      rerankedCandidates: 1,
      rerankWeight: 10,
      rankSentences: prefersFalcon,
    });
    const answer = await answerer.answer(ask);
    expect(answer.text).toContain('Maria Chen');
  });
});
