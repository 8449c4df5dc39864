/** Which driver errors are the store's StoreUnavailable (storage/unavailable.ts), and which stay as they are. */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StoreUnavailable, UniqueViolation } from './store';
import { unavailableOr } from './unavailable';

/** An Error with a `code`, as node-postgres, Node's sockets and better-sqlite3 throw them. */
function coded(code: string, message = `error ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

function pgError(code: string, message: string): pg.DatabaseError {
  const e = new pg.DatabaseError(message, message.length, 'error');
  e.code = code;
  return e;
}

describe('unavailableOr', () => {
  it.each([
    [
      'a restart ending the connection (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash (57P02)', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['a database starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', pgError('08006', 'connection failure')],
    ['no connection slot (53300)', pgError('53300', 'sorry, too many clients already')],
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET', 'read ECONNRESET')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a client broken meanwhile', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), { code: undefined })],
  ])('is unreachable for %s, keeping the cause', (_what, error) => {
    const e = unavailableOr(error);
    expect(e).toBeInstanceOf(StoreUnavailable);
    expect((e as StoreUnavailable).reason).toBe('unreachable');
    expect((e as StoreUnavailable).message).toMatch(/^the database is unavailable: /);
    expect((e as StoreUnavailable).cause).toBe(error);
  });

  it.each([
    ['SQLite out of space', coded('SQLITE_FULL', 'database or disk is full')],
    ['PostgreSQL out of space (53100)', pgError('53100', 'could not extend file: No space left on device')],
  ])('is full for %s', (_what, error) => {
    const e = unavailableOr(error) as StoreUnavailable;
    expect(e).toBeInstanceOf(StoreUnavailable);
    expect(e.reason).toBe('full');
    expect(e.message).toMatch(/^the database has no space left: /);
  });

  it('leaves every other error as it is', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      new UniqueViolation('Users', 'email'),
      new Error('something else'),
      'not an error',
    ]) {
      expect(unavailableOr(error)).toBe(error);
    }
  });

  it('passes a StoreUnavailable through', () => {
    const e = new StoreUnavailable('full', 'the database has no space left: x');
    expect(unavailableOr(e)).toBe(e);
  });
});
