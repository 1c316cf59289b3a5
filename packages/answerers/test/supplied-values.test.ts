import { suppliedValues } from '../src/supplied-values';
import { stemTerm } from '../src/term-stem';

const stems = (...words: string[]) => words.map(stemTerm);

describe('suppliedValues', () => {
  it("reads the asker's own names in a statement they quote", () => {
    expect([...suppliedValues('ALTER TABLE users DROP COLUMN email errors out.')]).toEqual(
      stems('users', 'email'),
    );
    expect([
      ...suppliedValues('I copied it with CREATE TABLE orders_bak AS SELECT * FROM orders.'),
    ]).toEqual(stems('orders_bak', 'orders'));
    // A keyword or a type after a keyword is the manual's.
    expect([...suppliedValues('Why does SELECT CAST(x AS INTEGER) give 0?')]).toEqual(stems('x'));
  });

  it("reads a call's positional arguments and its keyword arguments' values", () => {
    expect([...suppliedValues('Then I call sqlite3_busy_timeout(db, 5000).')]).toEqual(
      stems('db', '5000'),
    );
    expect([...suppliedValues('What does os.makedirs(path, exist_ok=True) do?')]).toEqual(
      stems('path', 'true'),
    );
    expect([...suppliedValues("Why does CAST('0x1F' AS INTEGER) give 0?")]).toEqual(stems('0x1f'));
  });

  it('reads an address, and the value a setting is set to', () => {
    expect([...suppliedValues('My ACL allows 10.0.0.0/8 but not 192.0.2.53; why?')]).toEqual(
      stems('10.0.0.0', '8', '192.0.2.53'),
    );
    expect([...suppliedValues('I set min-cache-ttl to 5m. Will named hold them?')]).toEqual(
      stems('5m'),
    );
    expect([...suppliedValues('Which port does release R-99 use? Set it to default.')]).toEqual([]);
    // A time is no address.
    expect([...suppliedValues('Does the 02:30:00 backup run on 2001:db8::1?')]).toEqual(
      stems('2001', 'db8', '1'),
    );
  });

  it('reads a literal that is an operand, and a placeholder', () => {
    expect([...suppliedValues("data -> '$.name' comes back quoted")]).toEqual(stems('name'));
    expect([...suppliedValues('If I write LOCK TABLE foo; what mode do I hold?')]).toEqual(
      stems('foo'),
    );
  });

  it('reads no name the manual has, nor a name quoted in prose', () => {
    // The function is what a near miss asks about; its arguments are the asker's.
    expect([...suppliedValues("Does string_agg(name, ', ') skip NULL names?")]).toEqual(
      stems('name'),
    );
    expect([...suppliedValues('How do I set PRAGMA wal_size_limit?')]).toEqual([]);
    expect([...suppliedValues('What brand sponsored the "Crash the Super Bowl" contest?')]).toEqual(
      [],
    );
    expect([...suppliedValues("I typo'd a column name; are the events' rowids safe?")]).toEqual([]);
    // Prose "from", "by", "on" are no SQL keywords.
    expect([...suppliedValues('Which files does git read settings from by default?')]).toEqual([]);
  });
});
