import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';

const driverError = (props: Record<string, unknown>) =>
  Object.assign(new Error('driver'), props) as Error & Record<string, unknown>;

describe('isDatabaseUnavailable', () => {
  it('recognises a database that refuses, drops or hangs up on the connection', () => {
    // The pool could not open a connection: mysql2 answers the socket error as it is.
    expect(isDatabaseUnavailable(driverError({ code: 'ECONNREFUSED', errno: -111, fatal: true }))).toBe(true);
    // A query on a connection that was lost: TypeORM wraps the driver's error.
    const lost = new QueryFailedError(
      'SELECT 1',
      [],
      driverError({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
    );
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], driverError({ errno: 2013 })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(driverError({ message: "Can't add new command", fatal: true }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: driverError({ code: 'ETIMEDOUT' }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(driverError({ code: 'SQLITE_BUSY' }))).toBe(true);
  });

  it('leaves bugs and refusals by the data alone', () => {
    const duplicate = new QueryFailedError('INSERT', [], driverError({ code: 'ER_DUP_ENTRY', errno: 1062 }));
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(driverError({ code: 'ER_PARSE_ERROR', errno: 1064 }))).toBe(false);
    expect(isDatabaseUnavailable(driverError({ code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
