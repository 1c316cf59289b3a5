import { acronymLongForm, questionAcronyms, spellsOut } from '../src/acronym-expansion';

describe('questionAcronyms', () => {
  it('reads the acronyms a question writes, plurals and ampersands included', () => {
    expect(questionAcronyms('What does the PEP do?')).toEqual(['PEP']);
    expect(questionAcronyms('How do PEPs talk to the PDP?')).toEqual(['PEP', 'PDP']);
    expect(questionAcronyms('Who signs the POA&M?')).toEqual(['POA&M']);
    expect(questionAcronyms('Which port does Heron use? Is it I or A?')).toEqual([]);
    expect(questionAcronyms('What changed in TLS 1.3?')).toEqual(['TLS']);
    // Where to look is no part of what is asked.
    expect(
      questionAcronyms('In the FedRAMP SSP guide, what does the word "should" indicate?'),
    ).toEqual([]);
  });
});

describe('acronymLongForm', () => {
  it('finds the words before the acronym in brackets whose initials spell it', () => {
    const text =
      'The PA communicates with the PEP. - Policy enforcement point (PEP): This system is responsible for enabling connections.';
    expect(acronymLongForm([text], 'PEP')).toBe('Policy enforcement point');
    expect(
      acronymLongForm(
        ['Each finding is tracked in the Plan of Action and Milestones (POA&M).'],
        'POA&M',
      ),
    ).toBe('Plan of Action and Milestones');
    expect(acronymLongForm(['It uses Multi-Factor Authentication (MFA) everywhere.'], 'MFA')).toBe(
      'Multi-Factor Authentication',
    );
  });

  it('finds the words before "or" the acronym', () => {
    const text =
      'These variables are stored in a connection record called a Transmission Control Block or TCB.';
    expect(acronymLongForm([text], 'TCB')).toBe('Transmission Control Block');
    // Initials that do not spell it are no long form.
    expect(acronymLongForm(['Delete the record or TCB.'], 'TCB')).toBeNull();
  });

  it('reads a list of acronyms, one to a line or a table row', () => {
    const list =
      'API | Application Programming Interface\nPDP | Policy Decision Point\nPEP | Policy Enforcement Point';
    expect(acronymLongForm([list], 'PEP')).toBe('Policy Enforcement Point');
    expect(acronymLongForm(['ZTA Zero Trust Architecture'], 'ZTA')).toBe('Zero Trust Architecture');
  });

  it('gives null when no words spell it', () => {
    expect(
      acronymLongForm(['The PEP is a gateway (PEP) in front of the resource.'], 'PEP'),
    ).toBeNull();
    expect(acronymLongForm(['Heron listens on port 9120.'], 'PEP')).toBeNull();
  });
});

describe('spellsOut', () => {
  it('tells a question that writes the long form already', () => {
    expect(
      spellsOut('What does the policy enforcement point (PEP) do?', 'Policy enforcement point'),
    ).toBe(true);
    expect(spellsOut('What does the PEP do?', 'Policy enforcement point')).toBe(false);
  });
});
