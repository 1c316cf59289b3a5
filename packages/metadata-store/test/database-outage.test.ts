import { isDatabaseUnavailable } from '../src';

function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it('knows the states a PostgreSQL restart goes through', () => {
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is shutting down'))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        pgError('57P01', 'terminating connection due to administrator command'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300', 'sorry, too many clients already'))).toBe(true);
  });

  it('knows a connection refused, reset or dropped, wrapped by TypeORM or not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = Object.assign(new Error('Query failed'), {
      name: 'QueryFailedError',
      driverError: pgError('57P01', 'terminating connection due to administrator command'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable({ code: 'SQLITE_BUSY', message: 'database is locked' })).toBe(
      true,
    );
  });

  it('leaves every other failure alone', () => {
    expect(isDatabaseUnavailable(pgError('42601', 'syntax error at or near "SELEC"'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('no ingestion ing_x'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
