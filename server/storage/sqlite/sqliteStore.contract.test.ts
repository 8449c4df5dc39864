/** The store contract (storeContract.ts) that every Store passes, run against SQLite: a fresh in-memory database each. */
import { describeStoreContract } from '../storeContract';
import { SqliteStore } from './sqliteStore';

describeStoreContract('SqliteStore', () => Promise.resolve(new SqliteStore(':memory:')));
