/**
 * The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. With
 * PostgreSQL the notification bus goes through the database too (LISTEN/NOTIFY), so a live stream open on one
 * instance hears what happened on another; with SQLite (one process) the app's in-process bus is used.
 */
import type { Store } from './store';
import type { NotificationBus } from '../domain/events';
import { PostgresStore } from './postgres/postgresStore';
import { createPgNotificationBus } from './postgres/notificationBus';
import { SqliteStore, type SqliteMemory } from './sqlite/sqliteStore';

export interface StoreChoice {
  store: Store;
  /** The bus shared with other instances, when the store is shared (else the app makes its in-process one). */
  bus?: NotificationBus & { close(): Promise<void> };
  /** Where the data lives, for people (the URL without its password). */
  where: string;
}

export interface OpenOptions {
  databaseUrl?: string;
  dbFile: string;
  /** Whether to make the shared notification bus (a server does; a one-off tool such as the seed does not). */
  bus?: boolean;
  /** SQLite's page cache and memory map (SQLITE_MEMORY_DEFAULTS when absent). */
  sqliteMemory?: SqliteMemory;
  /** SQLite's reader workers (0 or absent: reads on the event loop; SQLITE_READERS). */
  sqliteReaders?: number;
}

export async function openStore(options: OpenOptions): Promise<StoreChoice> {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    if (url.password) url.password = '***';
    const store = await PostgresStore.open(options.databaseUrl);
    if (options.bus === false) return { store, where: url.toString() };
    const bus = createPgNotificationBus(options.databaseUrl, async (id) => (await store.get('Notifications', id))?.doc);
    try {
      await bus.listening;
    } catch (e) {
      await bus.close();
      await store.close();
      throw e;
    }
    return { store, bus, where: url.toString() };
  }
  const store = new SqliteStore(options.dbFile, options.sqliteMemory, options.sqliteReaders ?? 0);
  return { store, where: options.dbFile };
}
