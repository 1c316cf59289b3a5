import Database from 'better-sqlite3';
import {
  ftsMatchExpression,
  MAX_QUERY_TERMS,
  restrictToDocuments,
} from '../../src/bm25/fts-match-expression';
import { seededRandom } from '../support/seeded-random';

describe('ftsMatchExpression', () => {
  it('quotes each content word and ORs them, dropping stopwords', () => {
    expect(ftsMatchExpression('How do I fix error E4711?')).toBe('"fix" OR "error" OR "e4711"');
  });

  it('returns null when nothing searchable is left', () => {
    expect(ftsMatchExpression('')).toBeNull();
    expect(ftsMatchExpression('   ')).toBeNull();
    expect(ftsMatchExpression('what is the and of it')).toBeNull();
    expect(ftsMatchExpression('"*:^-()')).toBeNull();
  });

  it('removes duplicate terms, ignoring case', () => {
    expect(ftsMatchExpression('Error error ERROR codes')).toBe('"error" OR "codes"');
  });

  it('turns FTS5 operators and column filters into quoted words', () => {
    expect(ftsMatchExpression('title:budget NEAR(alpha beta) gamma* -delta ^eps')).toBe(
      '"title" OR "budget" OR "near" OR "alpha" OR "beta" OR "gamma" OR "delta" OR "eps"',
    );
  });

  it(`keeps at most ${MAX_QUERY_TERMS} terms`, () => {
    const text = Array.from({ length: 100 }, (_, i) => `term${i}`).join(' ');
    const expression = ftsMatchExpression(text)!;
    expect(expression.split(' OR ')).toHaveLength(MAX_QUERY_TERMS);
    expect(expression.startsWith('"term0" OR "term1"')).toBe(true);
  });

  it('restricts terms to the searchable columns of the given documents', () => {
    expect(restrictToDocuments('"budget" OR "plan"', ['12', '34', '12'], ['text', 'title'])).toBe(
      'document_key : ("12" OR "34") AND {text title} : ("budget" OR "plan")',
    );
  });

  it('always yields an expression FTS5 accepts, whatever the input', () => {
    const db = new Database(':memory:');
    db.exec(
      "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')",
    );
    db.prepare('INSERT INTO t (body) VALUES (?)').run('near and or not alpha beta');
    const match = db.prepare('SELECT rowid FROM t WHERE t MATCH ?');
    const alphabet = [
      ...'"\'*:^-+(){}[],.;!?#_/\\ \t\n',
      'NEAR',
      'AND',
      'OR',
      'NOT',
      'alpha',
      'é',
      '文',
    ];
    const random = seededRandom(42);
    try {
      for (let i = 0; i < 500; i++) {
        const length = 1 + Math.floor(random() * 12);
        const text = Array.from(
          { length },
          () => alphabet[Math.floor(random() * alphabet.length)]!,
        ).join('');
        const expression = ftsMatchExpression(text);
        if (expression !== null) expect(() => match.all(expression)).not.toThrow();
      }
    } finally {
      db.close();
    }
  });
});
