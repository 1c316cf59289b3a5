import { asksYesOrNo, givesVerdict } from '../src/verdicts';

describe('asksYesOrNo', () => {
  it('reads a question whose asking sentence opens with an auxiliary verb', () => {
    expect(asksYesOrNo('Can I open a BEGIN inside another BEGIN?')).toBe(true);
    expect(asksYesOrNo('Is it still OK to use Order, Allow and Deny in 2.4?')).toBe(true);
    expect(
      asksYesOrNo('My UPDATE fires an AFTER UPDATE trigger. Do those rows show up in the output?'),
    ).toBe(true);
  });

  it('reads none in a question asking for a thing', () => {
    expect(asksYesOrNo('Which signal triggers a graceful restart of httpd?')).toBe(false);
    expect(asksYesOrNo('Do I still need it? Which file holds the chain then?')).toBe(false);
  });
});

describe('givesVerdict', () => {
  it('holds a sentence that negates, restricts, requires or allows', () => {
    expect(givesVerdict('Transactions created using BEGIN...COMMIT do not nest.')).toBe(true);
    expect(givesVerdict('Ifnull() must have exactly 2 arguments.')).toBe(true);
    expect(givesVerdict('In rare cases, a PATCH release might contain a change.')).toBe(true);
    expect(givesVerdict("WAL doesn't work over a network filesystem.")).toBe(true);
  });

  it('holds none that only describes', () => {
    expect(
      givesVerdict('The ifnull() function is equivalent to coalesce() with two arguments.'),
    ).toBe(false);
  });
});
