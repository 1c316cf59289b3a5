import {
  acronymExpansion,
  definedSubject,
  definesSubject,
  definition,
} from '../src/defined-subject';

describe('definedSubject', () => {
  it('reads the thing a question asks to be defined', () => {
    expect(definedSubject('What is a hybrid cloud?')).toEqual({
      words: ['hybrid', 'cloud'],
      expands: false,
      certain: true,
    });
    // "the X" may ask which thing is the X: a definition answers, but maybe a span too.
    expect(definedSubject('What is the Norman architecture idiom?')).toEqual({
      words: ['norman', 'architecture', 'idiom'],
      expands: false,
      certain: false,
    });
    expect(definedSubject('What are precursors?')?.words).toEqual(['precursors']);
    expect(definedSubject('What is AutoGen?')?.words).toEqual(['autogen']);
    expect(definedSubject('What is the role of the policy enforcement point?')?.words).toEqual([
      'policy',
      'enforcement',
      'point',
    ]);
    expect(definedSubject('What is meant by "0-RTT"?')?.words).toEqual(['0-rtt']);
    expect(definedSubject('What does Fortiter Defendit Triumphans mean?')?.expands).toBe(false);
    expect(definedSubject('Define precursor.')?.words).toEqual(['precursor']);
    // What it is for, or does, is said by what it is.
    expect(definedSubject('What is AutoGen used for?')).toEqual({
      words: ['autogen'],
      expands: false,
      certain: true,
    });
    expect(definedSubject('What does the policy engine do?')?.words).toEqual(['policy', 'engine']);
    // What a function returns, said by what its description opens with.
    expect(definedSubject('What does Counter.most_common(n) return?')?.words).toEqual([
      'counter.most_common(n)',
    ]);
    // Quoted names, not possessives.
    expect(definedSubject("What is 'rebase'?")?.words).toEqual(['rebase']);
    expect(definedSubject('What is ‘0-RTT’ data?')?.words).toEqual(['0-rtt', 'data']);
    expect(definedSubject('What is `--force`?')?.words).toEqual(['--force']);
    expect(definedSubject('What do the letters PEP stand for?')?.words).toEqual(['pep']);
    // A word a document gives a meaning to, and where to look for it.
    expect(
      definedSubject('In the FedRAMP SSP guide, what does the word "should" indicate?'),
    ).toEqual({ words: ['should'], expands: false, certain: true });
    expect(definedSubject('What does MUST mean in this document?')?.words).toEqual(['must']);
    expect(definedSubject('According to RFC 2119, what does SHALL NOT denote?')?.words).toEqual([
      'shall',
      'not',
    ]);
    expect(definedSubject('What does the acronym PEP stand for?')).toEqual({
      words: ['pep'],
      expands: true,
      certain: true,
    });
  });

  it('reads an option called so, and what a thing does to something', () => {
    const subject = (q: string) => definedSubject(q)?.words;
    expect(subject('What does the -R flag of pg_basebackup actually do to the backup?')).toEqual([
      '-r',
    ]);
    expect(subject('What does the --force option do?')).toEqual(['--force']);
    // A command line is read whole; an option with more after it is no name.
    expect(subject('What does git branch -D do?')).toEqual(['git', 'branch', '-d']);
    expect(definedSubject('What is git branch -D a shortcut for?')).toBeNull();
    expect(definedSubject('What does the -R flag of pg_basebackup do by default?')).toBeNull();
  });

  it('is null for questions asking a value, an instance or of history', () => {
    for (const question of [
      'What is the largest city?',
      'What was the Black Cloister?',
      'What is a main duty of the GPhC?',
      'What is an example of a controlled substance?',
      "What is God's expression of eternal will?",
      'What is Sky+ HD material broadcast using?',
      'What is the most common model used in complexity theory?',
      'What is one way graphs can be encoded?',
      'What is the physical layer of a cloud infrastructure made of?',
      'How do I rotate a key?',
      'What does git gc --auto do by default?',
      'What is needed?',
      'What is 2 + 2?',
    ]) {
      expect([question, definedSubject(question)]).toEqual([question, null]);
    }
  });
});

describe('definesSubject', () => {
  const subject = (question: string) => definedSubject(question)!;

  it('holds for a sentence opening with the thing and what links it to what it is', () => {
    expect(
      definesSubject(
        'A precursor is a sign that an incident may occur.',
        subject('What is a precursor?'),
      ),
    ).toBe(true);
    expect(
      definesSubject('Precursors are signs of incidents to come.', subject('What are precursors?')),
    ).toBe(true);
    expect(
      definesSubject(
        'Policy enforcement point (PEP): This system is responsible for enabling connections.',
        subject('What is the role of the policy enforcement point?'),
      ),
    ).toBe(true);
    expect(
      definesSubject(
        'Policy enforcement point (PEP): This system is responsible for enabling connections.',
        subject('What is a PEP?'),
      ),
    ).toBe(true);
    expect(
      definesSubject(
        'Hybrid cloud. The cloud infrastructure is a composition of two or more clouds.',
        subject('What is a hybrid cloud?'),
      ),
    ).toBe(true);
  });

  it('does not hold for a sentence saying something else about the thing', () => {
    const autogen = subject('What is AutoGen?');
    expect(definesSubject('AutoGen is an open-source framework.', autogen)).toBe(true);
    expect(definesSubject('AutoGen agents are customizable.', autogen)).toBe(false);
    expect(definesSubject('Using AutoGen, developers can define agents.', autogen)).toBe(false);
    expect(
      definesSubject(
        'Common Sources of Precursors and Indicators',
        subject('What is a precursor?'),
      ),
    ).toBe(false);
    expect(
      definesSubject(
        'Precursors and indicators are identified using many sources.',
        subject('What are precursors?'),
      ),
    ).toBe(false);
  });
});

describe('definition: edge cases of the opening', () => {
  it("keeps an option's dashes, matches repeated words in place and needs an appositive", () => {
    expect(
      definition('--force: Skip the safety checks.', definedSubject('What is --force?')!),
    ).toBe('is');
    const bora = definedSubject('What is Bora Bora?')!;
    expect(definition('Bora Bora is an island.', bora)).toBe('is');
    expect(definition('Bora is an island.', bora)).toBe('none');
    const precursors = definedSubject('What are precursors?')!;
    expect(definition('Precursors, indicators and sources are listed below.', precursors)).toBe(
      'none',
    );
    expect(definition('Precursors, the signs of an incident to come, are rare.', precursors)).toBe(
      'about',
    );
  });
});

describe('acronymExpansion', () => {
  const pep = definedSubject('What does PEP stand for?')!;

  it('finds the words an acronym stands for, before it in brackets or after it', () => {
    expect(acronymExpansion('Access goes through the policy enforcement point (PEP).', pep)).toBe(
      'policy enforcement point',
    );
    expect(acronymExpansion('PEP Policy Enforcement Point', pep)).toBe('Policy Enforcement Point');
    expect(acronymExpansion('PEP: Policy Enforcement Point', pep)).toBe('Policy Enforcement Point');
    const dod = definedSubject('What does DoD stand for?')!;
    expect(acronymExpansion('The Department of Defense (DoD) runs it.', dod)).toBe(
      'Department of Defense',
    );
  });

  it('finds expansions whose words give more than one letter, or marks between letters', () => {
    const expand = (acronym: string, sentence: string) =>
      acronymExpansion(sentence, definedSubject(`What does ${acronym} stand for?`)!);
    expect(expand('HTTP', 'It speaks the Hypertext Transfer Protocol (HTTP).')).toBe(
      'Hypertext Transfer Protocol',
    );
    expect(expand('XML', 'Extensible Markup Language (XML) is a markup language.')).toBe(
      'Extensible Markup Language',
    );
    expect(expand('JSON', 'JavaScript Object Notation (JSON) is a data format.')).toBe(
      'JavaScript Object Notation',
    );
    expect(expand('R&D', 'Research and Development (R&D) spends 5%.')).toBe(
      'Research and Development',
    );
    expect(expand('CI/CD', 'CI/CD (continuous integration and continuous delivery) runs.')).toBe(
      'continuous integration and continuous delivery',
    );
  });

  it('does not read words that merely have the initials as an expansion', () => {
    expect(acronymExpansion('Then the PEP passes each packet on.', pep)).toBeNull();
  });

  it('is null when the sentence only uses the acronym', () => {
    expect(acronymExpansion('The PEP forwards requests to the PDP.', pep)).toBeNull();
    expect(acronymExpansion('PEP deployment models vary.', pep)).toBeNull();
  });
});

describe('definition', () => {
  const autogen = definedSubject('What is AutoGen?')!;

  it('tells saying what the thing is from saying what it does', () => {
    expect(definition('AutoGen is an open-source framework for agents.', autogen)).toBe('is');
    expect(definition('AutoGen: a framework for agents.', autogen)).toBe('is');
    expect(definition('AutoGen serves as a generic framework for applications.', autogen)).toBe(
      'about',
    );
    expect(definition('AutoGen provides agents that converse.', autogen)).toBe('about');
    expect(definition('AutoGen agents are customizable.', autogen)).toBe('none');
  });
});
