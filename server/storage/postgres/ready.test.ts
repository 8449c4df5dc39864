/**
 * PostgresStore.ready(): resolves on a migrated database; rejects when the schema is behind this code or the
 * database is gone. Skipped, saying so, without a reachable PostgreSQL.
 */
import { expect, it } from 'vitest';
import pg from 'pg';
import { PostgresStore } from './postgresStore';
import { describeWithPostgres, throwawayDatabase } from './testDatabase';

await describeWithPostgres('PostgresStore.ready()', () => {
  it('is ready once migrated, not when the schema is behind or the database is gone', async () => {
    const database = await throwawayDatabase();
    const store = await PostgresStore.open(database.url);
    try {
      await expect(store.ready()).resolves.toBeUndefined();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('DELETE FROM schema_migrations');
      await client.end();
      await expect(store.ready()).rejects.toThrow(/schema is at version 0/);
      await database.drop();
      await expect(store.ready()).rejects.toThrow();
    } finally {
      await store.close().catch(() => undefined);
      await database.drop();
    }
  });
});
