import { stemTerm } from '../src';

describe('stemTerm', () => {
  it('brings the inflections of a word together', () => {
    for (const group of [
      ['run', 'runs', 'running'],
      ['practice', 'practiced', 'practices', 'practicing'],
      ['release', 'released', 'releases'],
      ['study', 'studies'],
      ['box', 'boxes'],
    ]) {
      expect(new Set(group.map(stemTerm)).size).toBe(1);
    }
  });

  it('reads the adjective of a period as the period ("per year" of an "Annual cost")', () => {
    expect(stemTerm('Annual')).toBe(stemTerm('years'));
    expect(stemTerm('monthly')).toBe(stemTerm('month'));
    expect(stemTerm('daily')).toBe(stemTerm('days'));
    expect(stemTerm('nightly')).toBe(stemTerm('night'));
  });

  it('reads what is paid as what it costs: "how much do we pay" of an "Annual cost"', () => {
    for (const word of ['pay', 'paid', 'Pays', 'price', 'prices', 'costs']) {
      expect(stemTerm(word)).toBe(stemTerm('cost'));
    }
    expect(stemTerm('payload')).not.toBe(stemTerm('cost'));
  });

  it('leaves short words, numbers and -ss, -us, -is, -ee endings alone', () => {
    expect(stemTerm('bus')).toBe('bus');
    expect(stemTerm('class')).toBe('class');
    expect(stemTerm('status')).toBe('status');
    expect(stemTerm('analysis')).toBe('analysis');
    expect(stemTerm('committee')).toBe('committee');
    expect(stemTerm('2020s')).toBe('2020s');
    expect(stemTerm('Mirai')).toBe('mirai');
  });

  it('stems a word the same way after many others were stemmed (its memory is forgotten)', () => {
    const before = ['Running', 'retries', 'Möngke', 'classes'].map(stemTerm);
    for (let i = 0; i < 100_500; i++) stemTerm(`word${i}x`);
    expect(['Running', 'retries', 'Möngke', 'classes'].map(stemTerm)).toEqual(before);
    expect(before).toEqual(['run', 'retry', 'mongk', 'class']);
  });
});
