/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
import type { Store } from './store';
import { PostgresStore } from './postgres/postgresStore';
import { SqliteStore } from './sqlite/sqliteStore';

export interface StoreChoice {
  store: Store;
  /** Where the data lives, for people (the URL without its password). */
  where: string;
}

export async function openStore(options: { databaseUrl?: string; dbFile: string }): Promise<StoreChoice> {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    if (url.password) url.password = '***';
    return { store: await PostgresStore.open(options.databaseUrl), where: url.toString() };
  }
  return { store: new SqliteStore(options.dbFile), where: options.dbFile };
}
