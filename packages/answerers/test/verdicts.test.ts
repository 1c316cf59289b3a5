import { asksIfStill, asksYesOrNo, givesVerdict, saysChanged } from '../src/verdicts';

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

describe('asksIfStill and saysChanged', () => {
  it('reads a question asking whether something still holds, and a sentence saying it changed', () => {
    expect(asksIfStill('Do I still need SSLCertificateChainFile for intermediates?')).toBe(true);
    expect(asksIfStill('Do I need SSLCertificateChainFile for intermediates?')).toBe(false);
    expect(saysChanged('SSLCertificateChainFile became obsolete with version 2.4.8, when…')).toBe(
      true,
    );
    expect(
      saysChanged(
        'You need to include those certificates with the SSLCertificateChainFile directive.',
      ),
    ).toBe(false);
  });
});
