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
    expect(definedSubject('What does the acronym PEP stand for?')).toEqual({
      words: ['pep'],
      expands: true,
      certain: true,
    });
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
