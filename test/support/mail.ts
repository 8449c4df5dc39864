/**
 * Helpers of the mail tests: a server mailing to a real SMTP server, a user's mail preferences set through the API, and a digest made due now by moving its
 * waiting job's time in the server's own queue (the test's injected clock: no waiting for the hour).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import { call, startServer, type Account, type TestServer } from './server';
import { startSmtp, type TestSmtp } from './smtp';
import { databaseFile } from './database';

/** A real SMTP server and the app's server mailing to it, its links on `origin`. */
export async function startMailingServer(origin: string): Promise<{ smtp: TestSmtp; server: TestServer }> {
  const smtp = await startSmtp();
  const server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'MWS Console <mws@console.test>',
    MWS_PUBLIC_ORIGIN: origin,
  });
  return { smtp, server };
}

export async function setMailPreferences(
  server: TestServer,
  as: Account,
  mail: Record<string, unknown>,
  mutedProjects: string[] = [],
): Promise<string> {
  const me = (await call(server, 'GET', '/api/users/me', { as })).body;
  const preferences = {
    ...me.preferences,
    mail: { ...me.preferences?.mail, ...mail },
    blacklist: { projects: mutedProjects },
  };
  const put = await call(server, 'PUT', `/api/users/${me._id}`, { as, body: { preferences } });
  expect(put.status).toBe(200);
  return me._id as string;
}

/** The waiting job of this key runs now: its time moved to the past, as the hour's end would. */
export async function makeDue(server: TestServer, key: string): Promise<void> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const res = await client.query(
        `UPDATE graphile_worker._private_jobs SET run_at = now() - interval '1 second' WHERE key = $1`,
        [key],
      );
      expect(res.rowCount).toBe(1);
      await client.query(`NOTIFY "jobs:insert"`);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(databaseFile(server.dataDir), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    expect(db.prepare('UPDATE mws_jobs SET run_at = 0 WHERE key = ?').run(key).changes).toBe(1);
  } finally {
    db.close();
  }
}
